import { documentSubject, type MailFormInput, type SentEmail } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SendMailVariables extends MailFormInput {
  clientId?: number;
}

/** 'Ordem de Serviço' goes as JSON to /api/sendMail/os, 'Fechamento' as the multipart form of /api/sendMail (docs/api.md#mail). */
export function sendMail(input: SendMailVariables): Promise<{ email: SentEmail }> {
  const fields = {
    to: input.email,
    subject: documentSubject(input.tipoDocumento, input.numeroOS_Fechamento),
    tipoDocumento: input.tipoDocumento,
    numeroOS_Fechamento: input.numeroOS_Fechamento,
    text: input.mensagem,
    nome: input.nome,
    cliente: input.cliente,
    ...(input.clientId ? { clientId: String(input.clientId) } : {}),
  };
  if (input.tipoDocumento === 'Ordem de Serviço') return api.post('/api/sendMail/os', fields);
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return api.post('/api/sendMail', form);
}

export function useSendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMail,
    // A failed delivery is recorded too: the history changes either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['mail', 'sent'] }),
  });
}
