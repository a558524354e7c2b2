import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ordersKey } from './get-orders';

/** DELETE /api/os/{id} (admin). */
export function deleteOrder(id: number) {
  return api.delete<{ success: boolean }>(`/api/os/${id}`);
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
