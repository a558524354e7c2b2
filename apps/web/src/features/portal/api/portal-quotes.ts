import type { PixCharge, Quote, QuoteSummary } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';
import { usePagedList } from '../../../lib/paged-list';

/** Under the portal's own prefix: signing out or in resets them with the rest of the portal. */
const keys = {
  quotes: ['portal', 'quotes'] as const,
  quote: (id: number) => ['portal', 'quotes', id] as const,
  charges: ['portal', 'charges'] as const,
};

export const usePortalQuotes = (page: number, pageSize: number) =>
  usePagedList<QuoteSummary>([...keys.quotes, 'page', page, pageSize], '/api/portal/orcamentos', pageParams(page, pageSize));

export function usePortalQuote(id: number) {
  return useQuery({
    queryKey: keys.quote(id),
    queryFn: ({ signal }) => api.get<Quote>(`/api/portal/orcamentos/${id}`, { signal }),
    retry: false,
  });
}

/** 'Aprovar' and 'Recusar': each answers the quote as it now is. */
export function usePortalQuoteDecision(id: number) {
  const queryClient = useQueryClient();
  const onSuccess = (quote: Quote) => {
    queryClient.setQueryData(keys.quote(id), quote);
    void queryClient.invalidateQueries({ queryKey: keys.quotes });
  };
  return {
    approve: useMutation({
      mutationFn: (input: { nome: string; assinatura: string | null }) =>
        api.post<Quote>(`/api/portal/orcamentos/${id}/aprovacao`, input),
      onSuccess,
    }),
    refuse: useMutation({
      mutationFn: (input: { motivo: string }) => api.post<Quote>(`/api/portal/orcamentos/${id}/recusa`, input),
      onSuccess,
    }),
  };
}

export const usePortalCharges = (page: number, pageSize: number) =>
  usePagedList<PixCharge>([...keys.charges, page, pageSize], '/api/portal/cobrancas', pageParams(page, pageSize));
