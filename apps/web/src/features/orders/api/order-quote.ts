import type { OrderQuote } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/os/{id}/orcamento: the quote the order was generated from and its planned materials (docs/rules.md#quotes), or null. */
export function useOrderQuote(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderId, 'orcamento'],
    queryFn: ({ signal }) => api.get<{ orcamento: OrderQuote | null }>(`/api/os/${orderId}/orcamento`, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
