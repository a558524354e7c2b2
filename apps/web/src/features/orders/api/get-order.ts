import type { Order } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ordersKey } from './get-orders';

/** GET /api/os/{id}: one order with every field, for editing it from another screen. */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: [...ordersKey, 'one', id],
    queryFn: () => api.get<Order>(`/api/os/${id}`),
    enabled: id !== null,
  });
}
