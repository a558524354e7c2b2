import { GRID_PAGE_SIZE, type OpenOrderRow } from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGetPage } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';

/** GET /api/grid: one page of the open orders with technician and days open, and their total. */
export const openOrdersKey = (page: number) => ['grid', 'open-orders', page] as const;

export const fetchOpenOrders = (page: number) => apiGetPage<OpenOrderRow>(`/api/grid?${pageParams(page, GRID_PAGE_SIZE)}`);

export function useOpenOrders(page: number) {
  return useQuery({ queryKey: openOrdersKey(page), queryFn: () => fetchOpenOrders(page), placeholderData: keepPreviousData });
}
