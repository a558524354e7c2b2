import type { AgendaOrder, AgendaUpdateInput, Order, OrderCreateInput, OrderHistoryEntry, OrderRecordCounts } from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiGetPage } from '../../../lib/api';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';
import { fetchOrder, notifyOnTheWay } from './field-calls';

// queryKeys is read inside the hooks, never while this module loads: its chunk and the 'field' chunk import each
// other (vite.config.ts), and a screen whose chunk loads 'field' first would run this module before 'field'.

export interface OrderListParams {
  q?: string;
  status?: string;
  limit: number;
  offset: number;
}

/** GET /api/os: one page and the total (X-Total-Count). */
export function fetchOrders(params: OrderListParams) {
  const search = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q) search.set('q', params.q);
  if (params.status) search.set('status', params.status);
  return apiGetPage<Order>(`/api/os?${search}`);
}

export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: queryKeys.orders.list(params),
    queryFn: () => fetchOrders(params),
    placeholderData: keepPreviousData,
  });
}

/** The report's filters (docs/screens.md#osrelatorio), all optional; '' = not set. */
export interface OrderReportFilters {
  dataInicio: string;
  dataFim: string;
  cliente: string;
  status: string;
  engenheiro: string;
}

export const EMPTY_REPORT_FILTERS: OrderReportFilters = { dataInicio: '', dataFim: '', cliente: '', status: '', engenheiro: '' };

export interface ReportPage {
  limit?: number;
  offset?: number;
}

/** GET /api/os/filtrado (admin); without a limit it answers every matching row (the export). */
export function fetchOrderReport(filters: OrderReportFilters, page: ReportPage = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (page.limit !== undefined) search.set('limit', String(page.limit));
  if (page.offset) search.set('offset', String(page.offset));
  return apiGetPage<Order>(`/api/os/filtrado?${search}`);
}

/** The report; null filters: nothing asked yet (the closing screen waits for 'Buscar Dados'). */
export function useOrderReport(filters: OrderReportFilters | null, page: Required<ReportPage>) {
  return useQuery({
    queryKey: queryKeys.orders.report(filters ?? {}, page),
    queryFn: () => fetchOrderReport(filters ?? EMPTY_REPORT_FILTERS, page),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

export type OrderPayload = Omit<OrderCreateInput, 'numero' | 'pdf' | 'pdfcompleto'>;

/** Every order list (management, report, PDF list, closing) reloads after a write (docs/rules.md#states). */
export const useOrderWrite = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useResourceWrite([queryKeys.orders.all], mutationFn);

/** POST /api/os (no id) or PUT /api/os/{id}. */
export function useSaveOrder() {
  return useOrderWrite(({ id, payload }: { id?: number; payload: OrderPayload }) =>
    id ? api.put<Order>(`/api/os/${id}`, payload) : api.post<Order>('/api/os', payload),
  );
}

/** DELETE /api/os/{id} (admin). */
export function useDeleteOrder() {
  return useOrderWrite((id: number) => api.delete<{ success: boolean }>(`/api/os/${id}`));
}

export { fetchOrder, notifyOnTheWay };

/** One order, asked when `id` is given (the order an e-mail's link opens). */
export function useOrder(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.orders.one(id ?? 0),
    queryFn: () => fetchOrder(id ?? 0),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/**
 * PUT /api/os/{id}/agenda: the order's technician and visit window (null: unscheduled), answered with its
 * conflicts. The agenda board's write, given to it by app/routes/agenda-route.tsx.
 */
export function scheduleOrder({ id, ...body }: AgendaUpdateInput & { id: number }) {
  return api.put<AgendaOrder>(`/api/os/${id}/agenda`, body);
}

/** POST /api/os/{id}/agenda/avisar: 'Avisar agora', the order's waiting notice goes at once (given to the board). */
export function notifyOrderNow(id: number) {
  return api.post<{ enviado: boolean }>(`/api/os/${id}/agenda/avisar`, {});
}

/** GET /api/os/{id}/registros: what a delete takes with it (asked right before deleting, never cached). */
export function fetchOrderRecords(id: number) {
  return api.get<OrderRecordCounts>(`/api/os/${id}/registros`);
}

/** GET /api/os/{id}/historico (admin): the audit trail, newest first. */
export function useOrderHistory(id: number) {
  return useQuery({
    queryKey: queryKeys.orders.history(id),
    queryFn: () => api.get<OrderHistoryEntry[]>(`/api/os/${id}/historico`),
    staleTime: 0,
  });
}
