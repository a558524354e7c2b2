/**
 * The e-mails of a request (docs/rules.md#portal): to the contact who asked, when it is received, converted
 * (with the order's number) or refused (with the reason), each with the portal link. They go through the
 * product's mailer after the change is committed and into the sent-mail history with their real status;
 * a failed send never undoes the change.
 */
import { MAIL_ACTION, padNumber } from '@os/shared';
import type { Db } from '../../db/client';
import { type BackgroundLog, createBackground } from '../../platform/background';
import type { Mailer } from '../../platform/mail';
import { sendRecorded } from '../mail/mail.service';
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

function compose(event: RequestEvent, nome: string): { subject: string; text: string } {
  const n = padNumber(event.requestId);
  const hello = `Olá, ${nome}.`;
  const follow = 'Acompanhe suas solicitações na Área do Cliente.';
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
  const { subject, text } = compose(event, to.nome || to.cliente);
  await sendRecorded(
    deps,
    { to: to.email, subject, text, action: { label: MAIL_ACTION.myRequests, url: link }, fromName: actor.nome },
    {
      tipo: REQUEST_MAIL_TIPO,
      numero: String(event.requestId),
      nomeCliente: to.cliente,
      clientId: to.clientId,
      userId: actor.id,
      usuario: actor.username,
    },
  );
}

/** Sends in the background, so a slow mail server never holds the screen; `idle()` waits for what is under way. */
export function createRequestNotifier(deps: RequestMailDeps, log: BackgroundLog) {
  const background = createBackground(log, 'request e-mail not recorded');
  return {
    notify(event: RequestEvent, actor: MailActor): void {
      background.run(() => sendRequestMail(deps, event, actor));
    },
    idle: background.idle,
  };
}
export type RequestNotifier = ReturnType<typeof createRequestNotifier>;
