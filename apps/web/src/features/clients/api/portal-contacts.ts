import type { PortalContact, PortalContactInput } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const key = (clientId: number) => ['clients', clientId, 'contacts'] as const;

/** The client's portal contacts (docs/rules.md#portal), admin only. */
export function usePortalContacts(clientId: number | undefined) {
  return useQuery({
    queryKey: key(clientId ?? 0),
    queryFn: ({ signal }) => api.get<PortalContact[]>(`/api/clientes/${clientId}/contatos`, { signal }),
    enabled: clientId !== undefined,
  });
}

export function useSavePortalContact(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: PortalContactInput & { id?: number }) =>
      id
        ? api.put<PortalContact>(`/api/clientes/${clientId}/contatos/${id}`, input)
        : api.post<PortalContact>(`/api/clientes/${clientId}/contatos`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(clientId) }),
  });
}

export function useDeletePortalContact(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/clientes/${clientId}/contatos/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(clientId) }),
  });
}
