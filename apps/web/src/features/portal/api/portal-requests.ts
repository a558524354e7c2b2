import type { PortalEquipment, PortalEquipmentHistoryEntry, PortalServiceRequest } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';
import { usePagedList } from '../../../lib/paged-list';

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

export const usePortalRequests = (page: number, pageSize: number) =>
  usePagedList<PortalServiceRequest>([...keys.requests, page, pageSize], '/api/portal/solicitacoes', pageParams(page, pageSize));

export function useCreatePortalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (percent: number) => void }) =>
      api.post<PortalServiceRequest>('/api/portal/solicitacoes', form, { onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.requests }),
  });
}
