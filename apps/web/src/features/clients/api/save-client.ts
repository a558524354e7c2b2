import type { Client, ClientInput } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registerOptionsKeys } from '../../../lib/register-options';
import { clientsKey } from './get-clients';

/** POST /api/clientes (no id) or PUT /api/clientes/{id}; the list reloads after a save. */
export function saveClient({ id, input }: { id?: number; input: ClientInput }) {
  return id ? api.put<Client>(`/api/clientes/${id}`, input) : api.post<Client>('/api/clientes', input);
}

export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    // The other screens' dropdowns and filters too (order form, report and closing filters).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientsKey }),
        queryClient.invalidateQueries({ queryKey: registerOptionsKeys.clients }),
      ]),
  });
}
