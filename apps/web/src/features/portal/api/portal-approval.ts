import type { PortalApproval } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const approvalKey = (id: number) => ['portal', 'order', id, 'aprovacao'] as const;

/** GET /api/portal/os/{id}/aprovacao: whether the order awaits a decision, the decision taken, the rating. */
export function usePortalApproval(id: number) {
  return useQuery({
    queryKey: approvalKey(id),
    queryFn: ({ signal }) => api.get<PortalApproval>(`/api/portal/os/${id}/aprovacao`, { signal }),
  });
}

/** 'Aprovar', 'Contestar' and the rating: each answers the new state, kept as the query's data. */
export function usePortalDecision(id: number) {
  const queryClient = useQueryClient();
  const onSuccess = (state: PortalApproval) => {
    queryClient.setQueryData(approvalKey(id), state);
    // The order PDF now prints the decision.
    void queryClient.invalidateQueries({ queryKey: ['portal', 'order', id], exact: true });
  };
  return {
    approve: useMutation({
      mutationFn: (input: { nome: string; assinatura: string | null; codigo: string | null }) =>
        api.post<PortalApproval>(`/api/portal/os/${id}/aceite`, input),
      onSuccess,
    }),
    contest: useMutation({
      mutationFn: (input: { motivo: string; codigo: string | null }) =>
        api.post<PortalApproval>(`/api/portal/os/${id}/contestacao`, input),
      onSuccess,
    }),
    rate: useMutation({
      mutationFn: (input: { nota: number; comentario: string }) =>
        api.post<PortalApproval>(`/api/portal/os/${id}/avaliacao`, input),
      onSuccess,
    }),
  };
}
