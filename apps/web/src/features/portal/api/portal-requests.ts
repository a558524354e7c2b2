import type { PortalEquipment, PortalEquipmentHistoryEntry, PortalServiceRequest } from '@os/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGetPage } from '../../../lib/api';

/** Under the portal's own prefix: signing out or in resets them with the rest of the portal. */
const keys = {
  equipment: ['portal', 'equipment'] as const,
  history: (id: number) => ['portal', 'equipment', id] as const,
  requests: ['portal', 'requests'] as const,
};

export function usePortalEquipment() {
  return useQuery({
    queryKey: keys.equipment,
    queryFn: ({ signal }) => api.get<PortalEquipment[]>('/api/portal/equipamentos', { signal }),
  });
}

export function usePortalEquipmentHistory(id: number) {
  return useQuery({
    queryKey: keys.history(id),
    queryFn: ({ signal }) =>
      api.get<{ equipamento: PortalEquipment; ordens: PortalEquipmentHistoryEntry[] }>(
        `/api/portal/equipamentos/${id}/historico`,
        { signal },
      ),
    retry: false,
  });
}

export function usePortalRequests(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...keys.requests, page, pageSize],
    queryFn: ({ signal }) =>
      apiGetPage<PortalServiceRequest>(`/api/portal/solicitacoes?limit=${pageSize}&offset=${(page - 1) * pageSize}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePortalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (percent: number) => void }) =>
      api.post<PortalServiceRequest>('/api/portal/solicitacoes', form, { onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.requests }),
  });
}
