import { AGENDA_MSG, type AgendaOrder, type AgendaUpdateInput, type Order } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
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

/**
 * An order's technician and window are written by the orders feature (PUT /api/os/{id}/agenda,
 * features/orders/api/orders.ts); app/routes/agenda-route.tsx gives that write to the board, which
 * passes it down through this context (docs/architecture.md#direction-of-imports).
 */
export type ScheduleOrder = (input: AgendaUpdateInput & { id: number }) => Promise<AgendaOrder>;

const ScheduleOrderContext = createContext<ScheduleOrder>(() => Promise.reject(new Error(AGENDA_MSG.saveFailed)));
export const ScheduleOrderProvider = ScheduleOrderContext.Provider;

/** Schedules an order (the write given above); the board and every order list reload after it. */
export function useScheduleOrder() {
  const scheduleOrder = useContext(ScheduleOrderContext);
  return useResourceWrite([keys.all, queryKeys.orders.all], scheduleOrder);
}

/** 'Avisar agora' (POST /api/os/{id}/agenda/avisar), the orders feature's call given by app/routes/agenda-route.tsx. */
export type NotifyNow = (id: number) => Promise<{ enviado: boolean }>;

const NotifyNowContext = createContext<NotifyNow>(() => Promise.reject(new Error(AGENDA_MSG.saveFailed)));
export const NotifyNowProvider = NotifyNowContext.Provider;

/** Sends an order's waiting notice at once; the board reloads after it. */
export function useNotifyNow() {
  const notifyNow = useContext(NotifyNowContext);
  return useResourceWrite([keys.all], notifyNow);
}
