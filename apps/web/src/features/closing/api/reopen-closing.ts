import type { ClosingSummary } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/fechamentos/{numero}/reabrir {motivo}. */
export function useReopenClosing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ numero, motivo }: { numero: number; motivo: string }) =>
      api.post<ClosingSummary>(`/api/fechamentos/${numero}/reabrir`, { motivo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['closing'] }),
  });
}
