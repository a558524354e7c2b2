import type { PortalMe, PortalOrder, PortalOrderDetail, WhatsappConsentInput } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';
import { usePagedList } from '../../../lib/paged-list';

const keys = { me: ['portal', 'me'] as const, all: ['portal'] as const };

/** The portal contact signed in, or null (docs/rules.md#portal); a staff session is not one. */
export function usePortalMe() {
  return useQuery({
    queryKey: keys.me,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<PortalMe>('/api/portal/eu', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/** PUT /api/portal/whatsapp: the contact's own number and consent (docs/rules.md#whatsapp). */
export function useSavePortalWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { whatsapp: string | null; aceitaWhatsapp: WhatsappConsentInput['aceitaWhatsapp'] }) =>
      api.put<PortalMe>('/api/portal/whatsapp', body),
    onSuccess: (me) => queryClient.setQueryData(keys.me, me),
  });
}

export function useRequestPortalLink() {
  return useMutation({
    mutationFn: (body: { email: string; destino?: string }) => api.post<{ message: string }>('/api/portal/entrar', body),
  });
}

export function useOpenPortalSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ success: boolean }>('/api/portal/sessao', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function usePortalSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/portal/sair'),
    onSuccess: () => queryClient.resetQueries({ queryKey: keys.all }),
  });
}

export const usePortalOrders = (page: number, pageSize: number) =>
  usePagedList<PortalOrder>([...keys.all, 'orders', page, pageSize], '/api/portal/os', pageParams(page, pageSize));

export function usePortalOrder(id: number) {
  return useQuery({
    queryKey: [...keys.all, 'order', id],
    queryFn: ({ signal }) => api.get<PortalOrderDetail>(`/api/portal/os/${id}`, { signal }),
  });
}
