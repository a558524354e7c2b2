import type { ExpenseType, ExpenseTypeInput } from '@os/shared';
import { queryKeys } from '../../../lib/query-keys';
import { useDeleteRow, useSaveRow } from '../../../lib/registers';

export const useSaveExpenseType = () => useSaveRow<ExpenseTypeInput, ExpenseType>(queryKeys.expenseTypes.all, '/api/tipodespesa');
export const useDeleteExpenseType = () => useDeleteRow(queryKeys.expenseTypes.all, '/api/tipodespesa');
