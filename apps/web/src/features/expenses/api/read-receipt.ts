import type { ReceiptReading } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/mistral/analyze-gemini: date, number and value read from a receipt photo (docs/api.md#records). */
export function readReceipt(image: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.set('image', image);
  return api.post<ReceiptReading>('/api/mistral/analyze-gemini', form, { onProgress });
}

/** `mutate({ image, onProgress })`: the photo given is the reduced one (docs/rules.md#daily-use). */
export function useReadReceipt() {
  return useMutation({
    mutationFn: ({ image, onProgress }: { image: File; onProgress?: (percent: number) => void }) =>
      readReceipt(image, onProgress),
  });
}
