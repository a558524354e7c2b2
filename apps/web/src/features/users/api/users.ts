import type { UserSummary, UserUpdateInput } from '@os/shared';
import { queryKeys } from '../../../lib/query-keys';
import { useDeleteRow, useSaveRow } from '../../../lib/registers';

export const useSaveUser = () => useSaveRow<UserUpdateInput, UserSummary>(queryKeys.users.all, '/api/users');
export const useDeleteUser = () => useDeleteRow(queryKeys.users.all, '/api/users');
