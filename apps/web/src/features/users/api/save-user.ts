import type { UserSummary, UserUpdateInput } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registerOptionsKeys } from '../../../lib/register-options';
import { usersKey } from './get-users';

/** POST /api/users (no id) or PUT /api/users/{id}; the list reloads after a save. */
export function saveUser({ id, input }: { id?: number; input: UserUpdateInput }) {
  return id ? api.put<UserSummary>(`/api/users/${id}`, input) : api.post<UserSummary>('/api/users', input);
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    // The other screens' dropdowns and filters too (order form, report and closing filters).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: registerOptionsKeys.users }),
      ]),
  });
}
