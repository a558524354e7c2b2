import type { RequestState, ServiceRequest } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGetPage } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';
import { usePagedList } from '../../../lib/paged-list';
import { queryKeys } from '../../../lib/query-keys';

const keys = { all: ['requests'] as const };

/** GET /api/solicitacoes: one page, optionally of one situation (docs/api.md#requests). */
export const useRequestsPage = (situacao: RequestState | '', page: number, pageSize: number) =>
  usePagedList<ServiceRequest>(
    [...keys.all, 'page', situacao, page, pageSize],
    '/api/solicitacoes',
    pageParams(page, pageSize, { situacao }),
  );

/** How many requests wait for the office ('Recebida'), for the menu; asked again every minute. */
export function useNewRequestsCount(enabled: boolean) {
  return useQuery({
    queryKey: [...keys.all, 'new-count'],
    queryFn: async ({ signal }) =>
      (await apiGetPage<ServiceRequest>('/api/solicitacoes?situacao=Recebida&limit=1', { signal })).total,
    enabled,
    refetchInterval: 60_000,
  });
}

export function useConvertRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ solicitacao: ServiceRequest; os: { id: number; numero: number } }>(`/api/solicitacoes/${id}/gerar-os`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}

export function useRefuseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) =>
      api.post<ServiceRequest>(`/api/solicitacoes/${id}/recusar`, { motivo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
