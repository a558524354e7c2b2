import type { AgendaOrder, AgendaUpdateInput, Order } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api, apiGetPage } from '../../../lib/api';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';

const keys = queryKeys.agenda;

/** GET /api/agenda: the orders whose window touches inicio..fim, each with its conflicts. */
export function useAgenda(period: { inicio: string; fim: string }) {
  return useQuery({
    queryKey: keys.period(period),
    queryFn: ({ signal }) =>
      api.get<AgendaOrder[]>(`/api/agenda?${new URLSearchParams({ inicio: period.inicio, fim: period.fim })}`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/agenda/pendentes: open orders without a window, longest waiting first, and how many there are. */
export function usePendingOrders() {
  return useQuery({
    queryKey: keys.pending,
    queryFn: ({ signal }) => apiGetPage<Order>('/api/agenda/pendentes?limit=200', { signal }),
    staleTime: 0,
  });
}

/** PUT /api/os/{id}/agenda; the board and every order list reload after it. */
export function useScheduleOrder() {
  return useResourceWrite([keys.all, queryKeys.orders.all], ({ id, ...body }: AgendaUpdateInput & { id: number }) =>
    api.put<AgendaOrder>(`/api/os/${id}/agenda`, body),
  );
}
