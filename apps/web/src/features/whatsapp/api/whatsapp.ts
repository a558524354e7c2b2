import type { MessageFilterForm, SentMessage, UserWhatsapp, WhatsappConsentInput, WhatsappSettingsView } from '@os/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGetPage } from '../../../lib/api';

const keys = {
  messages: (filters: MessageFilterForm, page: number) => ['whatsapp', 'mensagens', filters, page] as const,
  settings: ['whatsapp', 'configuracao'] as const,
  users: ['whatsapp', 'usuarios'] as const,
};

/** GET /api/mensagens: one page of both channels, newest first (docs/api.md#whatsapp). */
export function useMessages(filters: MessageFilterForm, page: number, pageSize: number) {
  return useQuery({
    queryKey: keys.messages(filters, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
      query.set('limit', String(pageSize));
      query.set('offset', String((page - 1) * pageSize));
      return apiGetPage<SentMessage>(`/api/mensagens?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/whatsapp/configuracao: the provider, the templates, the webhook's address; never a token. */
export function useWhatsappSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => api.get<WhatsappSettingsView>('/api/whatsapp/configuracao', { signal }),
  });
}

/** GET /api/whatsapp/usuarios: the staff's numbers and consent. */
export function useUserWhatsapp() {
  return useQuery({
    queryKey: keys.users,
    queryFn: ({ signal }) => api.get<UserWhatsapp[]>('/api/whatsapp/usuarios', { signal }),
  });
}

export function useSaveUserWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: WhatsappConsentInput & { id: number }) =>
      api.put<UserWhatsapp>(`/api/whatsapp/usuarios/${id}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.users }),
  });
}
