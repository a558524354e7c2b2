/**
 * Approval at a distance, the office's side (docs/rules.md#portal): 'Enviar para aprovação' sends a
 * Concluído order to the client's active contacts; the order view shows the requests sent, every
 * decision with its evidence and the rating.
 */

import {
  APPROVAL_MSG,
  type ApprovalSendResult,
  type OrderApproval,
  type OrderDecision,
  padNumber,
  type SessionUser,
} from '@os/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findOrderWithClient } from '../../db/order-client';
import { clients, orderDecisions, orders, portalContacts, sentEmails } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { bodyText } from '../../platform/mail';
import type { Storage } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { currentOrderPdf } from '../documents/order-pdf.service';
import { keepSentPdf, sendRecorded } from '../mail/mail.service';
import { MSG_ORDER_NOT_FOUND } from '../order-records/order-guard';
import { type ApprovalDeps, currentDecision, decidedMessage, ratingOf, toPortalDecision } from './approval-decisions';
import { approvalAction, approvalLink, approvalText } from './approval-mail';
import { linkContactColumns, portalUrl } from './portal-auth.service';

/**
 * POST /api/os/{id}/enviar-aprovacao: 'Aprovação da OS 00042' to each active contact of the order's client,
 * with the order PDF (as the order is now) and a link that signs in and opens the order; each message in
 * the sent-mail history with its real result. The history keeps the text without the link's token.
 */
export async function sendForApproval(deps: ApprovalDeps, user: SessionUser, orderId: number): Promise<ApprovalSendResult> {
  const order = await findOrderWithClient(deps.db, orderId, {
    id: orders.id,
    numero: orders.numero,
    status: orders.status,
    clientId: orders.clientId,
    razao: clients.razao,
  });
  if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
  if (order.status !== 'Concluído') throw conflict(APPROVAL_MSG.notConcluded);
  const { current } = await currentDecision(deps.db, orderId);
  if (current) throw conflict(decidedMessage(current));
  const contacts = await deps.db
    .select(linkContactColumns)
    .from(portalContacts)
    .where(and(eq(portalContacts.clientId, order.clientId), eq(portalContacts.ativo, true)))
    .orderBy(asc(portalContacts.id));
  if (!contacts.length) throw badRequest(APPROVAL_MSG.noContact);

  const pdf = await currentOrderPdf(deps, orderId, 'cliente', user);
  if (!pdf) throw notFound(MSG_ORDER_NOT_FOUND);
  const content = await deps.storage.read(pdf.key);
  const { anexoFile, anexoHash } = await keepSentPdf(deps.storage, content);
  const subject = APPROVAL_MSG.mailSubject(order.numero);
  const filename = `OS-${padNumber(order.numero)}.pdf`;
  const now = new Date();
  const envios: ApprovalSendResult['envios'] = [];
  for (const contact of contacts) {
    const link = await approvalLink(deps.db, deps.appUrl, contact, orderId, now);
    const sent = await sendRecorded(
      deps,
      {
        to: contact.email,
        subject,
        text: approvalText(contact.nome, order.numero, order.razao),
        action: approvalAction(link),
        fromName: user.nome_completo || user.username,
        attachments: [{ filename, content, contentType: 'application/pdf' }],
      },
      {
        tipo: APPROVAL_MSG.mailTipo,
        numero: String(order.numero),
        nomeCliente: order.razao,
        clientId: order.clientId,
        userId: user.id,
        usuario: user.username,
        // The link opens a session: the history keeps the portal's address instead.
        mensagem: bodyText(
          approvalText(contact.nome, order.numero, order.razao),
          approvalAction(portalUrl(deps.appUrl, `/portal/os/${orderId}`)),
        ),
        anexoFile,
        anexoHash,
      },
    );
    envios.push({ email: contact.email, status: sent.status, erro: sent.erro });
  }
  // The request's trace and its WhatsApp messages (once per version of the order) commit together.
  const whatsapp = await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await recordAudit(tx, {
      entity: 'aprovacao_envio',
      entityId: orderId,
      orderId,
      action: 'create',
      user,
      changes: { codigo: pdf.hash, envios: envios.map((e) => `${e.email}: ${e.status}`) },
    });
    return (await deps.whatsapp?.approval(tx, orderId, pdf.hash, user)) ?? 0;
  });
  if (whatsapp) deps.whatsapp?.written();
  const success = envios.some((e) => e.status === 'Enviado');
  return { success, message: success ? APPROVAL_MSG.sent : APPROVAL_MSG.sendFailed, envios };
}

/** GET /api/os/{id}/aprovacao: the requests sent, every decision with its evidence, the rating. */
export async function orderApproval(db: Db, orderId: number): Promise<OrderApproval> {
  const [order] = await db
    .select({ numero: orders.numero, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
  const { versions, all, current } = await currentDecision(db, orderId);
  const envios = await db
    .select({
      email: sentEmails.email,
      status: sentEmails.status,
      erro: sentEmails.erro,
      em: sentEmails.dataEnvio,
      usuario: sentEmails.usuario,
    })
    .from(sentEmails)
    .where(and(eq(sentEmails.tipo, APPROVAL_MSG.mailTipo), eq(sentEmails.numero, String(order.numero))))
    .orderBy(desc(sentEmails.dataEnvio), desc(sentEmails.id))
    .limit(50);
  const rating = await ratingOf(db, orderId);
  return {
    status: order.status,
    pendente: order.status === 'Concluído' && !current,
    envios: envios.map((e) => ({ ...e, em: e.em.toISOString() })),
    decisoes: all
      .map(
        (d): OrderDecision => ({
          ...toPortalDecision(d, versions),
          id: d.id,
          contato: d.contatoNome,
          email: d.contatoEmail,
          ip: d.ip,
          navegador: d.userAgent,
          assinatura: !!d.assinatura,
        }),
      )
      .reverse(),
    avaliacao: rating
      ? { nota: rating.nota, comentario: rating.comentario, em: rating.createdAt.toISOString(), contato: rating.contatoNome }
      : null,
  };
}

/** The drawn signature of a decision (PNG), for the office's order view. */
export async function decisionSignature(db: Db, storage: Storage, orderId: number, decisionId: number): Promise<Buffer> {
  const [row] = await db
    .select({ assinatura: orderDecisions.assinatura })
    .from(orderDecisions)
    .where(and(eq(orderDecisions.id, decisionId), eq(orderDecisions.orderId, orderId)))
    .limit(1);
  if (!row?.assinatura) throw notFound();
  try {
    return await storage.read(row.assinatura);
  } catch {
    throw new AppError(404, 'Assinatura não encontrada.');
  }
}
