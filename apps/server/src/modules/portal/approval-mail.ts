/**
 * The e-mails of approval at a distance (docs/rules.md#portal): the request to approve with its
 * single-use link, and the notice to the office when a contact contests an order.
 */
import { APPROVAL_LINK_DAYS, APPROVAL_MSG, formatDateTime, MAIL_ACTION, padNumber } from '@os/shared';
import { and, asc, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findOrderWithClient } from '../../db/order-client';
import { clients, orderDecisions, orders, users } from '../../db/schema';
import { type BackgroundLog, createBackground } from '../../platform/background';
import { sendRecorded } from '../mail/mail.service';
import type { ApprovalDeps } from './approval-decisions';
import { issueLinkToken, type LinkContact, portalUrl } from './portal-auth.service';

/**
 * The approval link is the sign-in link (hashed, single use, bound to the address it is sent to), valid
 * longer: it waits in the contact's inbox.
 */
export async function approvalLink(db: Db, appUrl: string, contact: LinkContact, orderId: number, now: Date): Promise<string> {
  const token = await issueLinkToken(db, contact, new Date(now.getTime() + APPROVAL_LINK_DAYS * 86_400_000));
  return portalUrl(appUrl, `/portal/entrar?token=${token}&os=${orderId}`);
}

export function approvalText(nome: string, numero: number, cliente: string) {
  return `Olá, ${nome}.\n\nA ordem de serviço OS ${padNumber(numero)} de ${cliente} foi concluída e aguarda a sua aprovação. O PDF da OS segue anexo.\n\nPara aprovar ou contestar, use o botão abaixo (o link só pode ser usado uma vez e vale por ${APPROVAL_LINK_DAYS} dias).`;
}

/** The approval e-mail's button: it signs the contact in and opens the order. */
export const approvalAction = (url: string) => ({ label: MAIL_ACTION.approve, url });

/**
 * 'Contestação da OS 00042' to the office: the order's creator and every active admin (docs/decisions.md),
 * each message in the sent-mail history with its real result.
 */
export async function sendContestMail(deps: Omit<ApprovalDeps, 'storage'>, decisionId: number): Promise<void> {
  const [d] = await deps.db.select().from(orderDecisions).where(eq(orderDecisions.id, decisionId)).limit(1);
  if (!d) return;
  const row = await findOrderWithClient(deps.db, d.orderId, {
    orderId: orders.id,
    numero: orders.numero,
    createdBy: orders.createdBy,
    clientId: orders.clientId,
    razao: clients.razao,
  });
  if (!row) return;
  const office = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        ne(users.email, ''),
        row.createdBy ? or(eq(users.role, 'admin'), eq(users.id, row.createdBy)) : eq(users.role, 'admin'),
      ),
    )
    .orderBy(asc(users.id));
  const recipients = [...new Map(office.map((u) => [u.email.toLowerCase(), u.email])).values()];
  const subject = APPROVAL_MSG.contestSubject(row.numero);
  const text = `${d.contatoNome} <${d.contatoEmail}>, contato de ${row.razao}, contestou a OS ${padNumber(row.numero)} em ${formatDateTime(d.createdAt)} pela Área do Cliente.\n\nMotivo: ${d.motivo ?? ''}\n\nPDF apresentado: código ${d.codigoPdf}.\n\nAbra a OS para revisá-la.`;
  const action = { label: MAIL_ACTION.openOrder, url: portalUrl(deps.appUrl, `/os?abrir=${row.orderId}`) };
  for (const to of recipients) {
    await sendRecorded(
      deps,
      { to, subject, text, action },
      {
        tipo: APPROVAL_MSG.contestTipo,
        numero: String(row.numero),
        nomeCliente: row.razao,
        clientId: row.clientId,
        userId: null,
        usuario: `portal:${d.contatoEmail}`,
      },
    );
  }
}

/** Sends in the background, so a slow mail server never holds the contact's screen; `idle()` waits for what is under way. */
export function createContestNotifier(deps: Omit<ApprovalDeps, 'storage'>, log: BackgroundLog) {
  const background = createBackground(log, 'contest e-mail not recorded');
  return {
    notify(decisionId: number): void {
      background.run(() => sendContestMail(deps, decisionId));
    },
    idle: background.idle,
  };
}
