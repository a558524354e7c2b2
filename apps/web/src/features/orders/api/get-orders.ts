import type { Order } from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGetPage } from '../../../lib/api';

export interface OrderListParams {
  q?: string;
  status?: string;
  limit: number;
  offset: number;
}

export const ordersKey = ['orders'] as const;
export const orderListKey = (params: OrderListParams) => [...ordersKey, 'list', params] as const;

/** GET /api/os: one page and the total (X-Total-Count). */
export function fetchOrders(params: OrderListParams) {
  const search = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q) search.set('q', params.q);
  if (params.status) search.set('status', params.status);
  return apiGetPage<Order>(`/api/os?${search}`);
}

export function useOrders(params: OrderListParams) {
  return useQuery({ queryKey: orderListKey(params), queryFn: () => fetchOrders(params), placeholderData: keepPreviousData });
}
