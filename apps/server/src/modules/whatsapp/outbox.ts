/**
 * Writing WhatsApp messages into the outbox (docs/rules.md#whatsapp), always inside the transaction of
 * the change they tell of: the change and its messages commit together or neither does. Each row has a
 * unique key, so writing the same event twice adds nothing; only consenting recipients with a number
 * get a row; unset provider, nothing is written.
 */

import {
  ON_THE_WAY_REPEAT_MINUTES,
  padNumber,
  type SessionUser,
  WHATSAPP_MSG,
  type WhatsappEvent,
  windowInWords,
} from '@os/shared';
import { and, asc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findOrderWithClient } from '../../db/order-client';
import { clients, orders, portalContacts, users, whatsappMessages } from '../../db/schema';
import type { WhatsappSettings, WhatsappTemplateKey } from '../../platform/config';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { fillTemplate, paramText } from './templates';

type NewMessage = typeof whatsappMessages.$inferInsert;

export interface Recipient {
  nome: string;
  whatsapp: string;
  contactId?: number;
  userId?: number;
}

/** The plan of an order as the agenda announces it (the agenda's AgendaChange has this shape). */
export interface PlanChange {
  orderId: number;
  sequence: number;
  after: { technicianId: number | null; agendaInicio: string | null; agendaFim: string | null } | null;
  user: SessionUser;
}

/** The order and client a message names. */
async function orderFacts(db: Db, orderId: number) {
  return findOrderWithClient(db, orderId, {
    numero: orders.numero,
    clientId: orders.clientId,
    razao: clients.razao,
    status: orders.status,
    technicianId: orders.technicianId,
    endereco: clients.endereco,
    cidade: clients.cidade,
  });
}

/** The client's active contacts who consented and have a number. */
export async function consentingContacts(db: Db, clientId: number): Promise<Recipient[]> {
  const rows = await db
    .select({ contactId: portalContacts.id, nome: portalContacts.nome, whatsapp: portalContacts.whatsapp })
    .from(portalContacts)
    .where(
      and(
        eq(portalContacts.clientId, clientId),
        eq(portalContacts.ativo, true),
        eq(portalContacts.aceitaWhatsapp, true),
        isNotNull(portalContacts.whatsapp),
      ),
    )
    .orderBy(asc(portalContacts.id));
  return rows.map((r) => ({ contactId: r.contactId, nome: r.nome, whatsapp: r.whatsapp! }));
}

async function userRow(db: Db, userId: number) {
  const [row] = await db
    .select({
      nome: users.nomeCompleto,
      username: users.username,
      whatsapp: users.whatsapp,
      aceita: users.aceitaWhatsapp,
      active: users.active,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

const recipientKey = (r: Recipient) => (r.contactId ? `c${r.contactId}` : `u${r.userId}`);

/** What every writer needs: the settings, whether a provider is set, the portal's link of an order. */
interface Ctx {
  settings: WhatsappSettings;
  enabled: boolean;
  portalLink: (orderId: number) => string;
}

function row(
  ctx: Ctx,
  evento: WhatsappEvent,
  key: WhatsappTemplateKey,
  chave: string,
  recipient: Recipient,
  params: string[],
  extra: Partial<NewMessage>,
): NewMessage {
  const parametros = params.map(paramText);
  return {
    chave,
    evento,
    modeloConfig: key,
    modelo: ctx.settings.templates[key],
    parametros,
    texto: fillTemplate(key, parametros),
    destinatario: recipient.whatsapp,
    destinatarioNome: recipient.nome,
    contactId: recipient.contactId ?? null,
    recipientUserId: recipient.userId ?? null,
    ...extra,
  };
}

/**
 * One `evento` message (its template has the event's name) to each consenting contact of the client
 * `extra.clientId`, keyed '{chave}:{recipient}'.
 */
async function toContacts(
  ctx: Ctx,
  db: Db,
  evento: Extract<WhatsappEvent, WhatsappTemplateKey>,
  chave: string,
  params: (contact: Recipient) => string[],
  extra: Partial<NewMessage> & { clientId: number },
): Promise<NewMessage[]> {
  return (await consentingContacts(db, extra.clientId)).map((contact) =>
    row(ctx, evento, evento, `${chave}:${recipientKey(contact)}`, contact, params(contact), extra),
  );
}

/** What a message about an order keeps of it, and who wrote the change. */
const aboutOrder = (orderId: number, order: { numero: number; clientId: number; razao: string }, user: SessionUser) => ({
  orderId,
  osNumero: order.numero,
  clientId: order.clientId,
  nomeCliente: order.razao,
  usuario: user.username,
});

/** Inserts the rows; one whose key exists is left as it is. Answers how many were written. */
async function write(db: Db, rows: NewMessage[]): Promise<number> {
  if (!rows.length) return 0;
  const written = await db
    .insert(whatsappMessages)
    .values(rows)
    .onConflictDoNothing({ target: whatsappMessages.chave })
    .returning({ id: whatsappMessages.id });
  return written.length;
}

/**
 * Visit scheduled or moved: the client's consenting contacts and the technician when consenting. A
 * message still waiting for this order is replaced (the plan settles, NOTICE_DELAY_MINUTES); one whose
 * recipient was last told this very plan is not written.
 */
async function agenda(ctx: Ctx, db: Db, change: PlanChange): Promise<number> {
  if (!ctx.enabled) return 0;
  await db
    .update(whatsappMessages)
    .set({ status: 'Substituída', atualizadoEm: new Date() })
    .where(
      and(
        eq(whatsappMessages.orderId, change.orderId),
        eq(whatsappMessages.evento, 'agendamento'),
        eq(whatsappMessages.status, 'Pendente'),
        or(sql`${whatsappMessages.bloqueadoAte} is null`, lt(whatsappMessages.bloqueadoAte, new Date())),
      ),
    );
  const plan = change.after;
  if (!plan?.technicianId || !plan.agendaInicio || !plan.agendaFim) return 0;
  const order = await orderFacts(db, change.orderId);
  if (!order) return 0;
  const technician = await userRow(db, plan.technicianId);
  const tecnico = technician ? technician.nome || technician.username : '';
  const plano = `${plan.technicianId}|${plan.agendaInicio}|${plan.agendaFim}`;
  const quando = windowInWords(plan.agendaInicio, plan.agendaFim);
  const numero = padNumber(order.numero);
  const extra: Partial<NewMessage> = {
    orderId: change.orderId,
    osNumero: order.numero,
    clientId: order.clientId,
    nomeCliente: order.razao,
    plano,
    usuario: change.user.username,
    enviarApos: new Date(Date.now() + ctx.settings.noticeDelayMinutes * 60_000),
  };
  const rows: NewMessage[] = [];
  for (const contact of await consentingContacts(db, order.clientId)) {
    const params = [contact.nome, numero, quando, tecnico, ctx.portalLink(change.orderId)];
    rows.push(
      row(
        ctx,
        'agendamento',
        'agendamento',
        `agendamento:${change.orderId}:${change.sequence}:${recipientKey(contact)}`,
        contact,
        params,
        extra,
      ),
    );
  }
  if (technician?.active && technician.aceita && technician.whatsapp) {
    const recipient = { nome: tecnico, whatsapp: technician.whatsapp, userId: plan.technicianId };
    const endereco = [order.endereco, order.cidade].filter((v) => v?.trim()).join(', ');
    const params = [tecnico, numero, quando, order.razao, endereco];
    rows.push(
      row(
        ctx,
        'agendamento',
        'agendamentoTecnico',
        `agendamento:${change.orderId}:${change.sequence}:${recipientKey(recipient)}`,
        recipient,
        params,
        extra,
      ),
    );
  }
  // docs/rules.md#whatsapp: nothing when that person was last told this very plan.
  const told = await lastToldPlans(db, change.orderId);
  return write(
    db,
    rows.filter((r) => told.get(r.contactId ? `c${r.contactId}` : `u${r.recipientUserId}`) !== plano),
  );
}

/** The plan each recipient of this order was last sent (a message that went out). */
async function lastToldPlans(db: Db, orderId: number): Promise<Map<string, string | null>> {
  const sent = await db
    .select({ contactId: whatsappMessages.contactId, userId: whatsappMessages.recipientUserId, plano: whatsappMessages.plano })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.orderId, orderId),
        eq(whatsappMessages.evento, 'agendamento'),
        inArray(whatsappMessages.status, ['Enviado', 'Entregue', 'Lido']),
      ),
    )
    .orderBy(asc(whatsappMessages.id));
  const told = new Map<string, string | null>();
  for (const r of sent) told.set(r.contactId ? `c${r.contactId}` : `u${r.userId}`, r.plano);
  return told;
}

/**
 * 'A caminho' (POST /api/os/{id}/a-caminho): the order's technician only, an open order; a second tap
 * within ON_THE_WAY_REPEAT_MINUTES writes nothing. The order's row is locked, so two taps at once are
 * one. Answers how many messages were written and whether it was a repeat.
 */
async function onTheWay(ctx: Ctx, db: Db, orderId: number, user: SessionUser): Promise<{ written: number; repeated: boolean }> {
  await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  const order = await orderFacts(db, orderId);
  if (!order) throw notFound();
  if (order.technicianId !== user.id) throw forbidden(WHATSAPP_MSG.notTechnician);
  if (order.status !== 'Aberto' && order.status !== 'Andamento') throw conflict(WHATSAPP_MSG.notOpen);
  if (!ctx.enabled) return { written: 0, repeated: false };
  const since = new Date(Date.now() - ON_THE_WAY_REPEAT_MINUTES * 60_000);
  const [recent] = await db
    .select({ id: whatsappMessages.id })
    .from(whatsappMessages)
    .where(
      and(eq(whatsappMessages.orderId, orderId), eq(whatsappMessages.evento, 'a_caminho'), gt(whatsappMessages.createdAt, since)),
    )
    .limit(1);
  if (recent) return { written: 0, repeated: true };
  const technician = await userRow(db, user.id);
  const tecnico = technician?.nome || user.nome_completo || user.username;
  const slot = Math.floor(Date.now() / (ON_THE_WAY_REPEAT_MINUTES * 60_000));
  const rows = await toContacts(
    ctx,
    db,
    'a_caminho',
    `a_caminho:${orderId}:${slot}`,
    (contact) => [contact.nome, tecnico, padNumber(order.numero)],
    aboutOrder(orderId, order, user),
  );
  return { written: await write(db, rows), repeated: false };
}

/**
 * The order's portal link to its client's consenting contacts: once per `round` of the event and contact
 * (a conclusion of the order, a version sent for approval).
 */
async function orderLink(
  ctx: Ctx,
  db: Db,
  orderId: number,
  user: SessionUser,
  evento: 'concluida' | 'aprovacao',
  round: () => Promise<string | number> | string,
): Promise<number> {
  if (!ctx.enabled) return 0;
  const order = await orderFacts(db, orderId);
  if (!order) return 0;
  const rows = await toContacts(
    ctx,
    db,
    evento,
    `${evento}:${orderId}:${await round()}`,
    (contact) => [contact.nome, padNumber(order.numero), ctx.portalLink(orderId)],
    aboutOrder(orderId, order, user),
  );
  return write(db, rows);
}

/** An open order reaching Concluído: the consenting contacts get the portal link. */
const concluded = (ctx: Ctx, db: Db, orderId: number, user: SessionUser) =>
  // One conclusion of the order: a reopened order concluded again is a new one (the order's row is locked).
  orderLink(ctx, db, orderId, user, 'concluida', async () => {
    const [{ times }] = (await db
      .select({ times: sql<number>`count(distinct ${whatsappMessages.chave})::int` })
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.orderId, orderId), eq(whatsappMessages.evento, 'concluida')))) as [{ times: number }];
    return times;
  });

/** 'Enviar para aprovação': once per version of the order (its PDF's code) and contact. */
const approval = (ctx: Ctx, db: Db, orderId: number, versao: string, user: SessionUser) =>
  orderLink(ctx, db, orderId, user, 'aprovacao', () => versao);

/** What a quote or a charge gives the hook: its event, its own unique key, the client, the parameters per contact. */
export interface ClientMessageInput {
  evento: 'orcamento' | 'cobranca';
  chave: string;
  clientId: number;
  orderId?: number | null;
  params: (nome: string) => string[];
  user: SessionUser;
}

/**
 * The hook of quotes and PIX charges (docs/rules.md#whatsapp): the module that sends a quote or issues
 * a charge calls this inside its transaction with its own unique key ('orcamento:{id}', 'cobranca:{id}')
 * and the template's parameters in order (TEMPLATE_TEXTS); the client's consenting contacts get it.
 */
async function clientMessage(ctx: Ctx, db: Db, input: ClientMessageInput): Promise<number> {
  if (!ctx.enabled) return 0;
  const [client] = await db.select({ razao: clients.razao }).from(clients).where(eq(clients.id, input.clientId)).limit(1);
  if (!client) return 0;
  const numero = input.orderId ? ((await orderFacts(db, input.orderId))?.numero ?? null) : null;
  const extra = {
    orderId: input.orderId ?? null,
    osNumero: numero,
    clientId: input.clientId,
    nomeCliente: client.razao,
    usuario: input.user.username,
  };
  const rows = await toContacts(ctx, db, input.evento, input.chave, (contact) => input.params(contact.nome), extra);
  return write(db, rows);
}

/** The outbox the app builds once (app.ts): every writer takes the transaction of its change. */
export function createWhatsappOutbox(settings: WhatsappSettings, appUrl: string) {
  const ctx: Ctx = {
    settings,
    enabled: Boolean(settings.provider),
    portalLink: (orderId) => `${appUrl.replace(/\/+$/, '')}/portal/os/${orderId}`,
  };
  return {
    enabled: ctx.enabled,
    agenda: (db: Db, change: PlanChange) => agenda(ctx, db, change),
    onTheWay: (db: Db, orderId: number, user: SessionUser) => onTheWay(ctx, db, orderId, user),
    concluded: (db: Db, orderId: number, user: SessionUser) => concluded(ctx, db, orderId, user),
    approval: (db: Db, orderId: number, versao: string, user: SessionUser) => approval(ctx, db, orderId, versao, user),
    clientMessage: (db: Db, input: ClientMessageInput) => clientMessage(ctx, db, input),
  };
}
export type WhatsappOutbox = ReturnType<typeof createWhatsappOutbox>;
