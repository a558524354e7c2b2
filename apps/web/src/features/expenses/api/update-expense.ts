import type { Despesa } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { expensesKey } from './expenses-list';

export interface ExpenseUpdate {
  data: string;
  docnr: string;
  valor: number;
  observacao: string;
  descricao: string;
  tipodespesa: string;
}

/** PUT /api/despesa/atualizatabela/{id} (spec §7; valor a number in reais). */
export const updateExpense = (id: number, body: ExpenseUpdate) => api.put<Despesa>(`/api/despesa/atualizatabela/${id}`, body);

export function useUpdateExpense(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ExpenseUpdate }) => updateExpense(id, body),
    onSuccess: (saved) =>
      queryClient.setQueryData<Despesa[]>(expensesKey(orderId), (rows) => rows?.map((r) => (r.id === saved.id ? saved : r))),
  });
}
