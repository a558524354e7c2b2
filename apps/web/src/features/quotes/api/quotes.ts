import type { Quote, QuoteInput, QuoteSendResult, QuoteStatus, QuoteSummary } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';
import { usePagedList } from '../../../lib/paged-list';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';

export const QUOTE_PAGE_SIZE = 20;

/** GET /api/orcamentos: one page, newest first, optionally of one status. */
export const useQuotes = (page: number, status: QuoteStatus | '') =>
  usePagedList<QuoteSummary>(
    [...queryKeys.quotes.all, 'page', page, status],
    '/api/orcamentos',
    pageParams(page, QUOTE_PAGE_SIZE, { status }),
  );

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
