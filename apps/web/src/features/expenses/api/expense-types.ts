import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ExpenseTypeOption {
  id: number;
  despesa: string;
}

/** GET /api/tipodespesa: the register of expense types, for the form's and the table's choices. */
export function useExpenseTypeOptions() {
  return useQuery({
    queryKey: ['tipodespesa', 'options'],
    queryFn: () => api.get<ExpenseTypeOption[]>('/api/tipodespesa'),
    staleTime: 5 * 60_000,
  });
}
