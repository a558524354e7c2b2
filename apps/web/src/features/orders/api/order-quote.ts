import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/os/{id}/orcamento: the quote the order was generated from (docs/rules.md#quotes), or null. */
export function useOrderQuote(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderId, 'orcamento'],
    queryFn: ({ signal }) =>
      api.get<{ orcamento: { id: number; numero: number; codigo: string } | null }>(`/api/os/${orderId}/orcamento`, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
