import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registerOptionsKeys } from '../../../lib/register-options';
import { clientsKey } from './get-clients';

/** DELETE /api/clientes/{id}; refused with 409 while orders use the client. */
export function deleteClient(id: number) {
  return api.delete<{ success: boolean }>(`/api/clientes/${id}`);
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    // The other screens' dropdowns and filters too (order form, report and closing filters).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientsKey }),
        queryClient.invalidateQueries({ queryKey: registerOptionsKeys.clients }),
      ]),
  });
}
