import type { PdfGenerationResult } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/os/{id}/pdfcompleto: the full order PDF (admin). */
export function useGenerateOrderPdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api.post<PdfGenerationResult>(`/api/os/${orderId}/pdfcompleto`),
    // The PDF flag changes on every order list (PDF list, report, management).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['closing'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
