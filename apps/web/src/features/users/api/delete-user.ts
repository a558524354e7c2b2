import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registerOptionsKeys } from '../../../lib/register-options';
import { usersKey } from './get-users';

/** DELETE /api/users/{id}; the server answers 409 with the reason when the row is still in use. */
export function deleteUser(id: number) {
  return api.delete<{ success: boolean }>(`/api/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // The other screens' dropdowns and filters too (order form, report and closing filters).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: registerOptionsKeys.users }),
      ]),
  });
}
