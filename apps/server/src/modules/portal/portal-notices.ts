/**
 * The client's notices of its orders (docs/rules.md#portal): a scheduled visit (window and technician)
 * and an order concluded (the order sheet PDF attached, never the complete one) e-mail the client's
 * active portal contacts, each with the portal link to that order. They go through the one mailer after
 * the change is committed, in the background, and into the sent-mail history with their real status;
 * a failed send never undoes the change.
 */

import { MAIL_ACTION, padNumber, type SessionUser } from '@os/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findOrderWithClient } from '../../db/order-client';
import { clients, orders, portalContacts, users } from '../../db/schema';
import { type BackgroundLog, createBackground } from '../../platform/background';
import type { MailAction, Mailer } from '../../platform/mail';
import type { Storage } from '../../platform/storage';
import { windowInWords } from '../agenda/agenda-mail';
import type { AgendaChange, AgendaPlan } from '../agenda/agenda-plan';
import { currentOrderPdf } from '../documents/order-pdf.service';
import { keepSentPdf, sendRecorded } from '../mail/mail.service';
import { portalUrl } from './portal-auth.service';

export const PORTAL_NOTICE = {
  scheduledTipo: 'Visita agendada',
  concludedTipo: 'OS concluída',
  scheduledSubject: (numero: number) => `Visita agendada — OS ${padNumber(numero)}`,
  concludedSubject: (numero: number) => `OS ${padNumber(numero)} concluída`,
} as const;

export interface PortalNoticeDeps {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  appUrl: string;
}

const isScheduled = (plan: AgendaPlan | null): plan is AgendaPlan & { agendaInicio: string; agendaFim: string } =>
  Boolean(plan?.technicianId && plan.agendaInicio && plan.agendaFim);

async function orderAndContacts(db: Db, orderId: number) {
  const order = await findOrderWithClient(db, orderId, {
    numero: orders.numero,
    clientId: orders.clientId,
    razao: clients.razao,
    equipamento: orders.equipamento,
  });
  if (!order) return { order: null, contacts: [] };
  const contacts = await db
    .select({ nome: portalContacts.nome, email: portalContacts.email })
    .from(portalContacts)
    .where(and(eq(portalContacts.clientId, order.clientId), eq(portalContacts.ativo, true)))
    .orderBy(asc(portalContacts.id));
  return { order, contacts };
}

interface Notice {
  tipo: string;
  subject: string;
  text: (nome: string) => string;
  action: MailAction;
  attachment?: { filename: string; content: Buffer; anexoFile: string; anexoHash: string };
}

/** One message per active contact, each recorded with its real result. */
async function deliver(
  deps: PortalNoticeDeps,
  order: { numero: number; clientId: number; razao: string },
  contacts: { nome: string; email: string }[],
  user: SessionUser,
  notice: Notice,
) {
  for (const contact of contacts) {
    const text = notice.text(contact.nome);
    await sendRecorded(
      deps,
      {
        to: contact.email,
        subject: notice.subject,
        text,
        action: notice.action,
        fromName: user.nome_completo || user.username,
        attachments: notice.attachment
          ? [{ filename: notice.attachment.filename, content: notice.attachment.content, contentType: 'application/pdf' }]
          : undefined,
      },
      {
        tipo: notice.tipo,
        numero: String(order.numero),
        nomeCliente: order.razao,
        clientId: order.clientId,
        userId: user.id || null,
        usuario: user.username,
        anexoFile: notice.attachment?.anexoFile ?? null,
        anexoHash: notice.attachment?.anexoHash ?? null,
      },
    );
  }
}

/** 'Visita agendada — OS 00042': the window in words, the technician and the portal link. */
export async function sendScheduledNotice(deps: PortalNoticeDeps, change: AgendaChange): Promise<void> {
  const plan = change.after;
  if (!isScheduled(plan)) return;
  const { order, contacts } = await orderAndContacts(deps.db, change.orderId);
  if (!order || !contacts.length) return;
  const [technician] = await deps.db
    .select({ nome: users.nomeCompleto, username: users.username })
    .from(users)
    .where(eq(users.id, plan.technicianId!))
    .limit(1);
  const numero = padNumber(order.numero);
  const lead = isScheduled(change.before)
    ? `O agendamento da visita da OS ${numero} de ${order.razao} foi alterado.`
    : `A visita da OS ${numero} de ${order.razao} foi agendada.`;
  const details = [
    `Quando: ${windowInWords(plan.agendaInicio, plan.agendaFim)}`,
    technician ? `Técnico: ${technician.nome || technician.username}` : '',
    order.equipamento ? `Equipamento: ${order.equipamento}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const link = portalUrl(deps.appUrl, `/portal/os/${change.orderId}`);
  await deliver(deps, order, contacts, change.user, {
    tipo: PORTAL_NOTICE.scheduledTipo,
    subject: PORTAL_NOTICE.scheduledSubject(order.numero),
    text: (nome) => `Olá, ${nome}.\n\n${lead}\n\n${details}\n\nAcompanhe a OS na Área do Cliente.`,
    action: { label: MAIL_ACTION.viewOrder, url: link },
  });
}

/** 'OS 00042 concluída': the order sheet PDF (as the portal serves it) and the portal link. */
export async function sendConcludedNotice(deps: PortalNoticeDeps, orderId: number, user: SessionUser): Promise<void> {
  const { order, contacts } = await orderAndContacts(deps.db, orderId);
  if (!order || !contacts.length) return;
  const pdf = await currentOrderPdf(deps, orderId, 'cliente', user);
  if (!pdf) return;
  const content = await deps.storage.read(pdf.key);
  const { anexoFile, anexoHash } = await keepSentPdf(deps.storage, content);
  const numero = padNumber(order.numero);
  const link = portalUrl(deps.appUrl, `/portal/os/${orderId}`);
  await deliver(deps, order, contacts, user, {
    tipo: PORTAL_NOTICE.concludedTipo,
    subject: PORTAL_NOTICE.concludedSubject(order.numero),
    text: (nome) =>
      `Olá, ${nome}.\n\nA ordem de serviço OS ${numero} de ${order.razao} foi concluída. O PDF da OS segue anexo.\n\nVeja a OS na Área do Cliente.`,
    action: { label: MAIL_ACTION.viewOrder, url: link },
    attachment: { filename: `OS-${numero}.pdf`, content, anexoFile, anexoHash },
  });
}

/**
 * Sends in the background after the commit, so a slow mail server never holds the request; `idle()`
 * waits for what is under way (the app's close, tests).
 */
export function createPortalNotices(deps: PortalNoticeDeps, log: BackgroundLog) {
  const { run, idle } = createBackground(log, 'portal notice not recorded');
  return {
    /** A settled agenda change (docs/rules.md#notices-that-settle): one that leaves the order scheduled tells the client. */
    scheduledNow(change: AgendaChange): Promise<void> {
      return isScheduled(change.after) ? sendScheduledNotice(deps, change) : Promise.resolve();
    },
    /** An order that reached Concluído (committed). */
    concluded(orderId: number, user: SessionUser): void {
      run(() => sendConcludedNotice(deps, orderId, user));
    },
    idle,
  };
}
export type PortalNotices = ReturnType<typeof createPortalNotices>;
