import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { expenseTypesKey } from './get-expense-types';

/** DELETE /api/tipodespesa/{id}; the server answers 409 with the reason when the row is still in use. */
export function deleteExpenseType(id: number) {
  return api.delete<{ success: boolean }>(`/api/tipodespesa/${id}`);
}

export function useDeleteExpenseType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpenseType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expenseTypesKey }),
  });
}
