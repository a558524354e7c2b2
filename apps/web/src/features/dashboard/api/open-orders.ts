import type { OpenOrderRow } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/grid: every open order with its technician and days open. */
export const openOrdersKey = ['grid', 'open-orders'] as const;

export const fetchOpenOrders = () => api.get<OpenOrderRow[]>('/api/grid');

export function useOpenOrders() {
  return useQuery({ queryKey: openOrdersKey, queryFn: fetchOpenOrders });
}
