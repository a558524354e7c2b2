import type { ExpenseType, ExpenseTypeInput } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { expenseTypesKey } from './get-expense-types';

/** POST /api/tipodespesa (no id) or PUT /api/tipodespesa/{id}; the list reloads after a save. */
export function saveExpenseType({ id, input }: { id?: number; input: ExpenseTypeInput }) {
  return id ? api.put<ExpenseType>(`/api/tipodespesa/${id}`, input) : api.post<ExpenseType>('/api/tipodespesa', input);
}

export function useSaveExpenseType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExpenseType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expenseTypesKey }),
  });
}
