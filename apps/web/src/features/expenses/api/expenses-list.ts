import type { Despesa } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const expensesKey = (orderId: number) => ['despesas', orderId] as const;

export const fetchExpenses = (orderId: number) => api.get<Despesa[]>(`/api/despesa/${orderId}`);

/** GET /api/despesa/{osId}: the expenses of one order (spec §7). */
export function useExpenses(orderId: number) {
  return useQuery({ queryKey: expensesKey(orderId), queryFn: () => fetchExpenses(orderId) });
}
