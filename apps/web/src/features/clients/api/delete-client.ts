import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clientsKey } from './get-clients';

/** DELETE /api/clientes/{id}; refused with 409 while orders use the client. */
export function deleteClient(id: number) {
  return api.delete<{ success: boolean }>(`/api/clientes/${id}`);
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
