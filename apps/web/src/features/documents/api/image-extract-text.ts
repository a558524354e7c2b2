import type { TextExtraction } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const send = (path: string, image: File) => {
  const form = new FormData();
  form.set('image', image);
  return api.post<TextExtraction>(path, form);
};

/** POST /api/mistral/extract-text: the plain text of an image (test page, docs/screens.md#other-screens). */
export function useExtractImageText() {
  return useMutation({ mutationFn: (image: File) => send('/api/mistral/extract-text', image) });
}

/** POST /api/mistral/analyze-gemini-rotulos: the text plus the fields of an equipment label. */
export function useAnalyzeLabel() {
  return useMutation({ mutationFn: (image: File) => send('/api/mistral/analyze-gemini-rotulos', image) });
}
