import type { ClosingSummary } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/fechamentos: closes the orders and makes the closing PDF. */
export function useCreateClosing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (osIds: number[]) => api.post<ClosingSummary>('/api/fechamentos', { osIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['closing'] }),
  });
}
