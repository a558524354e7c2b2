import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** DELETE /api/os/{id} (admin). */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api.delete<unknown>(`/api/os/${orderId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['closing'] }),
  });
}
