import type { Quote, QuoteInput, QuoteSendResult, QuoteStatus, QuoteSummary } from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiGetPage } from '../../../lib/api';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';

export const QUOTE_PAGE_SIZE = 20;

/** GET /api/orcamentos: one page, newest first, optionally of one status. */
export function useQuotes(page: number, status: QuoteStatus | '') {
  return useQuery({
    queryKey: [...queryKeys.quotes.all, 'page', page, status],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(QUOTE_PAGE_SIZE), offset: String((page - 1) * QUOTE_PAGE_SIZE) });
      if (status) params.set('status', status);
      return apiGetPage<QuoteSummary>(`/api/orcamentos?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useQuote(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.quotes.all, 'one', id],
    queryFn: ({ signal }) => api.get<Quote>(`/api/orcamentos/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** POST (new) or PUT (edit) of a quote. */
export function useSaveQuote() {
  return useResourceWrite([queryKeys.quotes.all], ({ id, input }: { id?: number; input: QuoteInput }) =>
    id ? api.put<Quote>(`/api/orcamentos/${id}`, input) : api.post<Quote>('/api/orcamentos', input),
  );
}

export function useSendQuote() {
  return useResourceWrite([queryKeys.quotes.all], (id: number) => api.post<QuoteSendResult>(`/api/orcamentos/${id}/enviar`, {}));
}

/** 'Gerar OS': the new order reloads the order lists too. */
export function useGenerateOrder() {
  return useResourceWrite([queryKeys.quotes.all, queryKeys.orders.all], (id: number) =>
    api.post<{ orcamento: Quote; os: { id: number; numero: number } }>(`/api/orcamentos/${id}/gerar-os`, {}),
  );
}
