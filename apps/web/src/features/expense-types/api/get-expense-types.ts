import type { ExpenseType } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const expenseTypesKey = ['tipodespesa'] as const;

/** GET /api/tipodespesa */
export function getExpenseTypes(signal?: AbortSignal) {
  return api.get<ExpenseType[]>('/api/tipodespesa', { signal });
}

export function useExpenseTypes() {
  return useQuery({ queryKey: expenseTypesKey, queryFn: ({ signal }) => getExpenseTypes(signal) });
}
