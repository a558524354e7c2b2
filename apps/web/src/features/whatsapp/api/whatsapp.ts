import type { MessageFilterForm, SentMessage, UserWhatsapp, WhatsappConsentInput, WhatsappSettingsView } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';
import { usePagedList } from '../../../lib/paged-list';

const keys = {
  messages: (filters: MessageFilterForm, page: number) => ['whatsapp', 'mensagens', filters, page] as const,
  settings: ['whatsapp', 'configuracao'] as const,
  users: ['whatsapp', 'usuarios'] as const,
};

/** GET /api/mensagens: one page of both channels, newest first (docs/api.md#whatsapp). */
export const useMessages = (filters: MessageFilterForm, page: number, pageSize: number) =>
  usePagedList<SentMessage>(keys.messages(filters, page), '/api/mensagens', pageParams(page, pageSize, filters));

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
