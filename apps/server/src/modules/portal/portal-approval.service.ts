/**
 * Approval at a distance and the rating of a visit (docs/rules.md#portal): the office sends a Concluído
 * order to the client's active contacts; a contact approves it (typed name, optional drawn signature) or
 * contests it (reason), one decision per version of the order, kept as evidence; after approving, the
 * contact may rate the visit once.
 */
import { randomBytes } from 'node:crypto';
import {
  APPROVAL_LINK_DAYS,
  APPROVAL_MSG,
  type ApprovalInput,
  type ApprovalSendResult,
  BUSINESS_TIME_ZONE,
  type ContestInput,
  type DashboardQuery,
  formatDateTime,
  type OrderApproval,
  type OrderDecision,
  type PortalApproval,
  type PortalDecision,
  padNumber,
  type RatingInput,
  type RatingsSummary,
  type SessionUser,
} from '@os/shared';
import { and, asc, avg, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clients,
  orderDecisions,
  orderRatings,
  orders,
  portalContacts,
  portalLinkTokens,
  sentEmails,
  users,
} from '../../db/schema';
import { type BackgroundLog, createBackground } from '../../platform/background';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { hashToken, type PortalUser } from '../../platform/session';
import { type Storage, storedName } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { dashboardPeriod } from '../dashboard/dashboard.service';
import { currentOrderPdf, orderPdfCodes } from '../documents/order-pdf.service';
import { keepSentPdf, sendRecorded } from '../mail/mail.service';
import { MSG_ORDER_NOT_FOUND } from '../orders/order-access';
import { decodeSignature } from '../signatures/signatures.service';
import { portalUrl } from './portal-auth.service';
import { findPortalOrder, portalActor } from './portal-orders.service';

export interface ApprovalDeps {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  appUrl: string;
}

/** Where the decision came from: the evidence besides who and when. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

type DecisionRow = typeof orderDecisions.$inferSelect;

const decisionsOf = (db: Db, orderId: number) =>
  db
    .select()
    .from(orderDecisions)
    .where(eq(orderDecisions.orderId, orderId))
    .orderBy(asc(orderDecisions.createdAt), asc(orderDecisions.id));

const toPortalDecision = (d: DecisionRow, version: string | null): PortalDecision => ({
  tipo: d.tipo,
  nome: d.nome,
  motivo: d.motivo,
  em: d.createdAt.toISOString(),
  codigo: d.codigoPdf,
  atual: d.versao === version,
});

const decidedMessage = (d: DecisionRow) =>
  d.tipo === 'aprovacao' ? APPROVAL_MSG.alreadyApproved : APPROVAL_MSG.alreadyContested;

/** The order's version for a decision and the decision already taken on it, if any. */
async function currentDecision(db: Db, orderId: number) {
  const { version, code } = await orderPdfCodes(db, orderId, 'pdf');
  const all = await decisionsOf(db, orderId);
  return { version, code, all, current: all.find((d) => d.versao === version) ?? null };
}

// ---------------------------------------------------------------------------------------------------
// The office: 'Enviar para aprovação'

/** The approval link is the sign-in link (hashed, single use), valid longer: it waits in the contact's inbox. */
async function approvalLink(db: Db, appUrl: string, contactId: number, orderId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(portalLinkTokens).values({
    contactId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + APPROVAL_LINK_DAYS * 86_400_000),
  });
  return portalUrl(appUrl, `/portal/entrar?token=${token}&os=${orderId}`);
}

function approvalText(nome: string, numero: number, cliente: string, link: string) {
  return `Olá, ${nome}.\n\nA ordem de serviço OS ${padNumber(numero)} de ${cliente} foi concluída e aguarda a sua aprovação. O PDF da OS segue anexo.\n\nPara aprovar ou contestar, abra o link abaixo (ele só pode ser usado uma vez e vale por ${APPROVAL_LINK_DAYS} dias):\n\n${link}`;
}

/**
 * POST /api/os/{id}/enviar-aprovacao: 'Aprovação da OS 00042' to each active contact of the order's client,
 * with the order PDF (as the order is now) and a link that signs in and opens the order; each message in
 * the sent-mail history with its real result. The history keeps the text without the link's token.
 */
export async function sendForApproval(deps: ApprovalDeps, user: SessionUser, orderId: number): Promise<ApprovalSendResult> {
  const [order] = await deps.db
    .select({ id: orders.id, numero: orders.numero, status: orders.status, clientId: orders.clientId, razao: clients.razao })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
  if (order.status !== 'Concluído') throw conflict(APPROVAL_MSG.notConcluded);
  const { current } = await currentDecision(deps.db, orderId);
  if (current) throw conflict(decidedMessage(current));
  const contacts = await deps.db
    .select({ id: portalContacts.id, nome: portalContacts.nome, email: portalContacts.email })
    .from(portalContacts)
    .where(and(eq(portalContacts.clientId, order.clientId), eq(portalContacts.ativo, true)))
    .orderBy(asc(portalContacts.id));
  if (!contacts.length) throw badRequest(APPROVAL_MSG.noContact);

  const pdf = await currentOrderPdf(deps, orderId, 'pdf', user);
  if (!pdf) throw notFound(MSG_ORDER_NOT_FOUND);
  const content = await deps.storage.read(pdf.key);
  const { anexoFile, anexoHash } = await keepSentPdf(deps.storage, content);
  const subject = APPROVAL_MSG.mailSubject(order.numero);
  const filename = `OS-${padNumber(order.numero)}.pdf`;
  const now = new Date();
  const envios: ApprovalSendResult['envios'] = [];
  for (const contact of contacts) {
    const link = await approvalLink(deps.db, deps.appUrl, contact.id, orderId, now);
    const sent = await sendRecorded(
      deps,
      {
        to: contact.email,
        subject,
        text: approvalText(contact.nome, order.numero, order.razao, link),
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
        mensagem: approvalText(contact.nome, order.numero, order.razao, portalUrl(deps.appUrl, `/portal/os/${orderId}`)),
        anexoFile,
        anexoHash,
      },
    );
    envios.push({ email: contact.email, status: sent.status, erro: sent.erro });
  }
  await recordAudit(deps.db, {
    entity: 'aprovacao_envio',
    entityId: orderId,
    orderId,
    action: 'create',
    user,
    changes: { codigo: pdf.hash, envios: envios.map((e) => `${e.email}: ${e.status}`) },
  });
  const success = envios.some((e) => e.status === 'Enviado');
  return { success, message: success ? APPROVAL_MSG.sent : APPROVAL_MSG.sendFailed, envios };
}

// ---------------------------------------------------------------------------------------------------
// The portal: the state, 'Aprovar', 'Contestar', the rating

async function ratingOf(db: Db, orderId: number) {
  const [row] = await db.select().from(orderRatings).where(eq(orderRatings.orderId, orderId)).limit(1);
  return row ?? null;
}

/** GET /api/portal/os/{id}/aprovacao. */
export async function portalApprovalState(db: Db, me: PortalUser, orderId: number): Promise<PortalApproval> {
  const order = await findPortalOrder(db, me, orderId);
  const decidable = order.status === 'Concluído' || order.status === 'Fechado';
  const state = decidable ? await currentDecision(db, orderId) : { version: null, code: null, all: [], current: null };
  const shown = state.current ?? state.all.at(-1) ?? null;
  const rating = await ratingOf(db, orderId);
  return {
    pendente: order.status === 'Concluído' && !state.current,
    codigo: state.code,
    decisao: shown ? toPortalDecision(shown, state.version) : null,
    podeAvaliar: !rating && state.all.some((d) => d.tipo === 'aprovacao'),
    avaliacao: rating ? { nota: rating.nota, comentario: rating.comentario, em: rating.createdAt.toISOString() } : null,
  };
}

/** The checks before a decision: Concluído, not decided on this version, the code shown still current. */
async function beforeDecision(deps: ApprovalDeps, me: PortalUser, orderId: number, codigo: string | null | undefined) {
  const order = await findPortalOrder(deps.db, me, orderId);
  const { current } = await currentDecision(deps.db, orderId);
  if (current) throw conflict(decidedMessage(current));
  if (order.status !== 'Concluído') throw conflict(APPROVAL_MSG.onlyConcluded);
  // The PDF the contact is shown: made first when the order changed since the last one.
  const pdf = await currentOrderPdf(deps, orderId, 'pdf', portalActor(me));
  if (!pdf) throw notFound();
  if (codigo && codigo !== pdf.hash) throw conflict(APPROVAL_MSG.changed);
  const { version } = await orderPdfCodes(deps.db, orderId, 'pdf');
  return { order, code: pdf.hash, version };
}

async function insertDecision(
  deps: ApprovalDeps,
  me: PortalUser,
  orderId: number,
  values: Omit<typeof orderDecisions.$inferInsert, 'orderId' | 'contactId' | 'contatoNome' | 'contatoEmail'>,
) {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orderDecisions)
        .values({ ...values, orderId, contactId: me.contatoId, contatoNome: me.nome, contatoEmail: me.email })
        .returning();
      await recordAudit(tx, {
        entity: row!.tipo,
        entityId: row!.id,
        orderId,
        action: 'create',
        user: portalActor(me),
        changes: {
          nome: row!.nome,
          ...(row!.motivo ? { motivo: row!.motivo } : {}),
          contato: `${me.nome} <${me.email}>`,
          ip: row!.ip,
          navegador: row!.userAgent,
          codigoPdf: row!.codigoPdf,
          assinatura: !!row!.assinatura,
        },
      });
      return row!;
    });
  } catch (err) {
    // Two decisions racing on the same version: the second is refused like any later one.
    if (isUniqueViolation(err)) {
      const { current } = await currentDecision(deps.db, orderId);
      throw conflict(current ? decidedMessage(current) : APPROVAL_MSG.alreadyApproved);
    }
    throw err;
  }
}

/** POST /api/portal/os/{id}/aceite. */
export async function approveOrder(
  deps: ApprovalDeps,
  me: PortalUser,
  orderId: number,
  input: ApprovalInput,
  origin: RequestOrigin,
): Promise<PortalApproval> {
  const drawn = input.assinatura?.trim() ? await decodeSignature(input.assinatura.trim()) : null;
  const { code, version } = await beforeDecision(deps, me, orderId, input.codigo);
  const assinatura = drawn ? await deps.storage.put('uploads', drawn, storedName(`aprovacao${orderId}`, 'png')) : null;
  try {
    await insertDecision(deps, me, orderId, {
      tipo: 'aprovacao',
      nome: input.nome,
      assinatura,
      ip: origin.ip,
      userAgent: origin.userAgent.slice(0, 500),
      versao: version,
      codigoPdf: code,
    });
  } catch (err) {
    if (assinatura) await deps.storage.remove(assinatura);
    throw err;
  }
  return portalApprovalState(deps.db, me, orderId);
}

/** POST /api/portal/os/{id}/contestacao; the office is told by e-mail (`notify`). */
export async function contestOrder(
  deps: ApprovalDeps,
  me: PortalUser,
  orderId: number,
  input: ContestInput,
  origin: RequestOrigin,
  notify: (decisionId: number) => void,
): Promise<PortalApproval> {
  const { code, version } = await beforeDecision(deps, me, orderId, input.codigo);
  const row = await insertDecision(deps, me, orderId, {
    tipo: 'contestacao',
    nome: me.nome,
    motivo: input.motivo,
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 500),
    versao: version,
    codigoPdf: code,
  });
  notify(row.id);
  return portalApprovalState(deps.db, me, orderId);
}

/** POST /api/portal/os/{id}/avaliacao: once, after an approval; the technician of the visit is kept with it. */
export async function rateOrder(db: Db, me: PortalUser, orderId: number, input: RatingInput): Promise<PortalApproval> {
  await findPortalOrder(db, me, orderId);
  if (await ratingOf(db, orderId)) throw conflict(APPROVAL_MSG.alreadyRated);
  const [approved] = await db
    .select({ id: orderDecisions.id })
    .from(orderDecisions)
    .where(and(eq(orderDecisions.orderId, orderId), eq(orderDecisions.tipo, 'aprovacao')))
    .limit(1);
  if (!approved) throw conflict(APPROVAL_MSG.rateOnlyApproved);
  const [order] = await db.select({ technicianId: orders.technicianId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orderRatings)
        .values({
          orderId,
          contactId: me.contatoId,
          contatoNome: me.nome,
          technicianId: order?.technicianId ?? null,
          nota: input.nota,
          comentario: input.comentario,
        })
        .returning();
      await recordAudit(tx, {
        entity: 'avaliacao',
        entityId: row!.id,
        orderId,
        action: 'create',
        user: portalActor(me),
        changes: { nota: row!.nota, comentario: row!.comentario },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(APPROVAL_MSG.alreadyRated);
    throw err;
  }
  return portalApprovalState(db, me, orderId);
}

// ---------------------------------------------------------------------------------------------------
// The office is told of a contest

/**
 * 'Contestação da OS 00042' to the office: the order's creator and every active admin (docs/decisions.md),
 * each message in the sent-mail history with its real result.
 */
export async function sendContestMail(deps: Omit<ApprovalDeps, 'storage'>, decisionId: number): Promise<void> {
  const [row] = await deps.db
    .select({
      decision: orderDecisions,
      orderId: orders.id,
      numero: orders.numero,
      createdBy: orders.createdBy,
      clientId: orders.clientId,
      razao: clients.razao,
    })
    .from(orderDecisions)
    .innerJoin(orders, eq(orders.id, orderDecisions.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(eq(orderDecisions.id, decisionId))
    .limit(1);
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
  const d = row.decision;
  const subject = APPROVAL_MSG.contestSubject(row.numero);
  const text = `${d.contatoNome} <${d.contatoEmail}>, contato de ${row.razao}, contestou a OS ${padNumber(row.numero)} em ${formatDateTime(d.createdAt)} pela Área do Cliente.\n\nMotivo: ${d.motivo ?? ''}\n\nPDF apresentado: código ${d.codigoPdf}.\n\nAbra a OS para revisá-la: ${portalUrl(deps.appUrl, `/os?abrir=${row.orderId}`)}`;
  for (const to of recipients) {
    await sendRecorded(
      deps,
      { to, subject, text },
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

// ---------------------------------------------------------------------------------------------------
// What the office sees

/** GET /api/os/{id}/aprovacao: the requests sent, every decision with its evidence, the rating. */
export async function orderApproval(db: Db, orderId: number): Promise<OrderApproval> {
  const [order] = await db
    .select({ numero: orders.numero, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
  const { version, all, current } = await currentDecision(db, orderId);
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
          ...toPortalDecision(d, version),
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

/** GET /api/dashboard/avaliacoes: the average and count per technician, and the latest comments. */
export async function ratingsSummary(db: Db, query: DashboardQuery = {}): Promise<RatingsSummary> {
  // The dashboard's period (its default: the last 12 months), by the day the client rated, in Brazil.
  const periodo = dashboardPeriod(query);
  const ratedDay = sql`(${orderRatings.createdAt} at time zone ${BUSINESS_TIME_ZONE})::date`;
  const inPeriod = sql`${ratedDay} between ${periodo.dataInicio}::date and ${periodo.dataFim}::date`;
  const perTechnician = await db
    .select({
      tecnicoId: orderRatings.technicianId,
      tecnico: sql<string>`coalesce(nullif(${users.nomeCompleto}, ''), ${users.username}, 'Sem técnico')`,
      media: avg(orderRatings.nota),
      quantidade: count(),
    })
    .from(orderRatings)
    .leftJoin(users, eq(users.id, orderRatings.technicianId))
    .where(inPeriod)
    .groupBy(orderRatings.technicianId, users.nomeCompleto, users.username)
    .orderBy(desc(avg(orderRatings.nota)), desc(count()));
  const latest = await db
    .select({
      numero: orders.numero,
      tecnico: sql<string>`coalesce(nullif(${users.nomeCompleto}, ''), ${users.username}, 'Sem técnico')`,
      cliente: clients.razao,
      contato: orderRatings.contatoNome,
      nota: orderRatings.nota,
      comentario: orderRatings.comentario,
      em: orderRatings.createdAt,
    })
    .from(orderRatings)
    .innerJoin(orders, eq(orders.id, orderRatings.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(users, eq(users.id, orderRatings.technicianId))
    .where(and(ne(orderRatings.comentario, ''), inPeriod))
    .orderBy(desc(orderRatings.createdAt), desc(orderRatings.id))
    .limit(10);
  return {
    tecnicos: perTechnician.map((r) => ({
      tecnicoId: r.tecnicoId,
      tecnico: r.tecnico,
      media: Math.round(Number(r.media ?? 0) * 10) / 10,
      quantidade: Number(r.quantidade),
    })),
    comentarios: latest.map((r) => ({ ...r, em: r.em.toISOString() })),
  };
}
