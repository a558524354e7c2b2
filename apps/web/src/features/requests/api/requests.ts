import type { RequestState, ServiceRequest } from '@os/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGetPage } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const keys = { all: ['requests'] as const };

/** GET /api/solicitacoes: one page, optionally of one situation (docs/api.md#requests). */
export function useRequestsPage(situacao: RequestState | '', page: number, pageSize: number) {
  return useQuery({
    queryKey: [...keys.all, 'page', situacao, page, pageSize],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(pageSize), offset: String((page - 1) * pageSize) });
      if (situacao) params.set('situacao', situacao);
      return apiGetPage<ServiceRequest>(`/api/solicitacoes?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

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
