import type { SentEmail } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/sendmail/emails/{id}/reenviar: sends a 'Falha' message again. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ email: SentEmail }>(`/api/sendmail/emails/${id}/reenviar`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['mail', 'sent'] }),
  });
}

/** 'Ver Anexo': the exact attachment of one sent message. */
export const attachmentUrl = (id: number) => `/api/sendmail/emails/${id}/anexo`;
