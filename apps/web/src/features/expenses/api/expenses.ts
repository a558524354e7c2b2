import type { Despesa, ExpenseRowUpdate } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useOfflineWrite } from '../../../lib/offline/write';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/despesa/{osId}: the expenses of one order. */
export function useExpenses(orderId: number) {
  return useQuery({ queryKey: queryKeys.despesas(orderId), queryFn: () => api.get<Despesa[]>(`/api/despesa/${orderId}`) });
}

/** The text fields of an expense as the form holds them. */
export interface ExpenseFields {
  data: string;
  docnr: string;
  valor: string;
  tipodespesa: string;
  descricao: string;
  observacao: string;
}

export interface NewExpense extends ExpenseFields {
  orderId: number;
  imagem: File;
}

/** POST /api/despesa/ (multipart, docs/api.md#records). */
function expenseForm(input: NewExpense) {
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) if (typeof value === 'string') form.set(name, value);
  form.set('osnumero', String(input.orderId));
  form.set('imagem', input.imagem);
  return form;
}

/** One Idempotency-Key per entry: a resend after a lost answer is not stored twice. */
export function useCreateExpense() {
  return useOfflineWrite<NewExpense, Despesa>('/api/despesa/', (input) => [queryKeys.despesas(input.orderId)], expenseForm);
}

/** PUT /api/despesa/atualizatabela/{id} (valor a number in reais). */
export function useUpdateExpense(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ExpenseRowUpdate }) =>
      api.put<Despesa>(`/api/despesa/atualizatabela/${id}`, body),
    onSuccess: (saved) =>
      queryClient.setQueryData<Despesa[]>(queryKeys.despesas(orderId), (rows) =>
        rows?.map((r) => (r.id === saved.id ? saved : r)),
      ),
  });
}
