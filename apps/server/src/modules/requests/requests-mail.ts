/**
 * The e-mails of a request (docs/rules.md#portal): to the contact who asked, when it is received, converted
 * (with the order's number) or refused (with the reason), each with the portal link. They go through the
 * product's mailer after the change is committed and into the sent-mail history with their real status;
 * a failed send never undoes the change.
 */
import { padNumber } from '@os/shared';
import type { Db } from '../../db/client';
import { sentEmails } from '../../db/schema';
import type { Mailer } from '../../platform/mail';
import { requestRecipient } from './requests.service';

export const REQUEST_MAIL_TIPO = 'Solicitação';

export type RequestEvent =
  | { kind: 'received'; requestId: number }
  | { kind: 'converted'; requestId: number; osNumero: number }
  | { kind: 'refused'; requestId: number; motivo: string };

export interface RequestMailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/** Who caused the message, as the history names it: the staff user, or the portal contact. */
export interface MailActor {
  id: number | null;
  username: string;
  nome?: string;
}

function compose(event: RequestEvent, nome: string, link: string): { subject: string; text: string } {
  const n = padNumber(event.requestId);
  const hello = `Olá, ${nome}.`;
  const follow = `Acompanhe suas solicitações na Área do Cliente:\n${link}`;
  switch (event.kind) {
    case 'received':
      return {
        subject: `Solicitação de atendimento ${n} recebida`,
        text: `${hello}\n\nRecebemos sua solicitação de atendimento nº ${n}. Avisaremos por e-mail quando ela for atendida.\n\n${follow}`,
      };
    case 'converted':
      return {
        subject: `Solicitação ${n} convertida em OS ${padNumber(event.osNumero)}`,
        text: `${hello}\n\nSua solicitação de atendimento nº ${n} foi convertida na ordem de serviço OS ${padNumber(event.osNumero)}.\n\n${follow}`,
      };
    case 'refused':
      return {
        subject: `Solicitação de atendimento ${n} recusada`,
        text: `${hello}\n\nSua solicitação de atendimento nº ${n} foi recusada.\nMotivo: ${event.motivo}\n\n${follow}`,
      };
  }
}

export async function sendRequestMail(deps: RequestMailDeps, event: RequestEvent, actor: MailActor): Promise<void> {
  const to = await requestRecipient(deps.db, event.requestId);
  if (!to?.email) return;
  const link = `${deps.appUrl.replace(/\/+$/, '')}/portal/solicitacoes`;
  const { subject, text } = compose(event, to.nome || to.cliente, link);
  const result = await deps.mailer.send({ to: to.email, subject, text, fromName: actor.nome });
  await deps.db.insert(sentEmails).values({
    tipo: REQUEST_MAIL_TIPO,
    numero: String(event.requestId),
    email: to.email,
    nomeCliente: to.cliente,
    clientId: to.clientId,
    userId: actor.id,
    usuario: actor.username,
    subject,
    mensagem: text,
    status: result.ok ? 'Enviado' : 'Falha',
    erro: result.ok ? null : result.error,
  });
}

/** Sends in the background, so a slow mail server never holds the screen; `idle()` waits for what is under way. */
export function createRequestNotifier(deps: RequestMailDeps, log: { error: (obj: unknown, msg: string) => void }) {
  const pending = new Set<Promise<void>>();
  return {
    notify(event: RequestEvent, actor: MailActor): void {
      const task: Promise<void> = sendRequestMail(deps, event, actor)
        .catch((err) => log.error({ err }, 'request e-mail not recorded'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
export type RequestNotifier = ReturnType<typeof createRequestNotifier>;
