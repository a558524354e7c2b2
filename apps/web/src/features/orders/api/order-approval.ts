import type { ApprovalSendResult, OrderApproval } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const approvalKey = (orderId: number) => ['orders', orderId, 'aprovacao'] as const;

/** GET /api/os/{id}/aprovacao: the requests sent, the client's decisions with their evidence, the rating. */
export function useOrderApproval(orderId: number, enabled = true) {
  return useQuery({
    queryKey: approvalKey(orderId),
    queryFn: ({ signal }) => api.get<OrderApproval>(`/api/os/${orderId}/aprovacao`, { signal }),
    enabled,
  });
}

/** 'Enviar para aprovação' (POST /api/os/{id}/enviar-aprovacao). */
export function useSendForApproval(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ApprovalSendResult>(`/api/os/${orderId}/enviar-aprovacao`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKey(orderId) }),
  });
}
