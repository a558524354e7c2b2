import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrderPage } from './fetch-order-page';

export const PDF_LIST_PAGE_SIZE = 20;

export interface OrderListFilters {
  q: string;
  status: string;
  page: number;
}

export const orderListKey = (filters: OrderListFilters) => ['closing', 'orders', filters] as const;

/** GET /api/os?q&status&limit&offset (issue 4). */
export function useOrderList(filters: OrderListFilters) {
  return useQuery({
    queryKey: orderListKey(filters),
    queryFn: () =>
      fetchOrderPage('/api/os', {
        q: filters.q.trim(),
        status: filters.status,
        limit: PDF_LIST_PAGE_SIZE,
        offset: (filters.page - 1) * PDF_LIST_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}
