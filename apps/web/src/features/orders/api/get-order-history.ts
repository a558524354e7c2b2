import type { OrderHistoryEntry } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ordersKey } from './get-orders';

export const orderHistoryKey = (id: number) => [...ordersKey, 'history', id] as const;

/** GET /api/os/{id}/historico (admin): the audit trail, newest first. */
export function fetchOrderHistory(id: number) {
  return api.get<OrderHistoryEntry[]>(`/api/os/${id}/historico`);
}

export function useOrderHistory(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: orderHistoryKey(id ?? 0),
    queryFn: () => fetchOrderHistory(id ?? 0),
    enabled: enabled && id !== undefined,
    staleTime: 0,
  });
}
