import type { Order } from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGetPage } from '../../../lib/api';

/** The report's filters (spec §2.7), all optional; '' = not set. */
export interface OrderReportFilters {
  dataInicio: string;
  dataFim: string;
  cliente: string;
  status: string;
  engenheiro: string;
}

export const EMPTY_REPORT_FILTERS: OrderReportFilters = { dataInicio: '', dataFim: '', cliente: '', status: '', engenheiro: '' };

// Under 'orders' so that saving or deleting an order anywhere reloads the report too.
export const orderReportKey = (filters: OrderReportFilters, page: { limit?: number; offset?: number }) =>
  ['orders', 'report', filters, page] as const;

/** GET /api/os/filtrado; without a limit it answers every matching row (the export). */
export function fetchOrderReport(filters: OrderReportFilters, page: { limit?: number; offset?: number } = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (page.limit !== undefined) search.set('limit', String(page.limit));
  if (page.offset) search.set('offset', String(page.offset));
  return apiGetPage<Order>(`/api/os/filtrado?${search}`);
}

export function useOrderReport(filters: OrderReportFilters, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: orderReportKey(filters, page),
    queryFn: () => fetchOrderReport(filters, page),
    placeholderData: keepPreviousData,
  });
}
