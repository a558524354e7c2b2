import type { ReceiptReading } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/mistral/analyze-gemini: date, number and value read from a receipt photo (spec §7). */
export function readReceipt(image: File) {
  const form = new FormData();
  form.set('image', image);
  return api.post<ReceiptReading>('/api/mistral/analyze-gemini', form);
}

export function useReadReceipt() {
  return useMutation({ mutationFn: readReceipt });
}
