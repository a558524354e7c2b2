import type { Order, OrderCreateInput } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ordersKey } from './get-orders';

export type OrderPayload = Omit<OrderCreateInput, 'numero' | 'pdf' | 'pdfcompleto'>;

/** POST /api/os (no id) or PUT /api/os/{id}; every order list reloads after (spec §4). */
export function saveOrder({ id, payload }: { id?: number; payload: OrderPayload }) {
  return id ? api.put<Order>(`/api/os/${id}`, payload) : api.post<Order>('/api/os', payload);
}

export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
