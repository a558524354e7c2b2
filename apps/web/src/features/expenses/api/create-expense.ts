import type { Despesa } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { expensesKey } from './expenses-list';

export interface NewExpense {
  orderId: number;
  data: string;
  docnr: string;
  valor: string;
  tipodespesa: string;
  descricao: string;
  observacao: string;
  imagem: File;
  /** One key per entry: a resend after a lost answer is not stored twice (DECISIONS.md §8). */
  idempotencyKey: string;
}

/** POST /api/despesa/ (multipart, spec §7). */
export function createExpense(input: NewExpense) {
  const form = new FormData();
  form.set('data', input.data);
  form.set('docnr', input.docnr);
  form.set('valor', input.valor);
  form.set('tipodespesa', input.tipodespesa);
  form.set('descricao', input.descricao);
  form.set('observacao', input.observacao);
  form.set('osnumero', String(input.orderId));
  form.set('imagem', input.imagem);
  return api.post<Despesa>('/api/despesa/', form, { headers: { 'Idempotency-Key': input.idempotencyKey } });
}

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    onSuccess: (_saved, input) => queryClient.invalidateQueries({ queryKey: expensesKey(input.orderId) }),
  });
}
