import {
  AGENDA_MSG,
  agendaWindowError,
  asRecordId,
  businessToday,
  EQUIP_MSG,
  equipmentName,
  ORDER_MSG,
  type Order,
  type OrderCreateInput,
  type OrderHistoryEntry,
  type OrderListQuery,
  type OrderRecordCounts,
  type OrderReportQuery,
  type OrderStatus,
  type OrderUpdateInput,
  orderNumberInSearch,
  type SessionUser,
} from '@os/shared';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonList, limitClause, namedColumns, renderOnce } from '../../db/json-list';
import {
  auditLog,
  clients,
  closingOrders,
  counters,
  descriptions,
  equipment,
  expenses,
  orderStatusCounts,
  orders,
  outboundTrips,
  returnTrips,
  serviceEntries,
  signatures,
  users,
} from '../../db/schema';
import { containsFolded } from '../../db/search';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { diffFields, recordAudit } from '../audit/audit.service';
import { orderForRead } from './order-access';
import { advancePreventivePlan, type ConclusionListener, concludes, finishesWork } from './order-lifecycle';

const AUDIT_ENTITY = 'order';

/** A stored window end as the API writes it: 'YYYY-MM-DDTHH:mm' or null (docs/rules.md#agenda). */
export function agendaText(column: typeof orders.agendaInicio | typeof orders.agendaFim) {
  return sql<string | null>`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI')`;
}

/** Who has the order and when, before and after a change: what the technician is told (docs/rules.md#agenda). */
export interface AgendaPlan {
  technicianId: number | null;
  agendaInicio: string | null;
  agendaFim: string | null;
}

/** A change of an order's technician or window, after it was committed. */
export interface AgendaChange {
  orderId: number;
  numero: number;
  /** The iCalendar SEQUENCE of this change (raised by it). */
  sequence: number;
  before: AgendaPlan | null;
  after: AgendaPlan | null;
  user: SessionUser;
}

/** Told of every committed agenda change; never fails the write (a failed e-mail never undoes the plan). */
export type AgendaListener = (change: AgendaChange) => void;

const samePlan = (a: AgendaPlan | null, b: AgendaPlan | null) =>
  (a?.technicianId ?? null) === (b?.technicianId ?? null) &&
  (a?.agendaInicio ?? null) === (b?.agendaInicio ?? null) &&
  (a?.agendaFim ?? null) === (b?.agendaFim ?? null);

/** A change that someone's calendar must hear of: a window before or after, and something differs. */
export function agendaChangeMatters(before: AgendaPlan | null, after: AgendaPlan | null): boolean {
  const scheduled = (p: AgendaPlan | null) => Boolean(p?.agendaInicio && p.technicianId);
  return (scheduled(before) || scheduled(after)) && !samePlan(before, after);
}

/**
 * The window after a write: the fields sent replace the current ones; both ends null or both set,
 * the end after the start (400 naming the field otherwise).
 */
function nextWindow(
  current: { agendaInicio: string | null; agendaFim: string | null },
  input: { agendaInicio?: string | null; agendaFim?: string | null },
): { agendaInicio: string | null; agendaFim: string | null } {
  const agendaInicio = input.agendaInicio !== undefined ? input.agendaInicio : current.agendaInicio;
  const agendaFim = input.agendaFim !== undefined ? input.agendaFim : current.agendaFim;
  const error = agendaWindowError(agendaInicio, agendaFim);
  if (error) throw badRequest(error, agendaInicio === null ? 'agendaInicio' : 'agendaFim');
  return { agendaInicio, agendaFim };
}

/** The plan of an order as stored, read inside the write's transaction. */
async function storedPlan(db: Db, id: number): Promise<AgendaPlan & { sequence: number; status: OrderStatus }> {
  const [row] = await db
    .select({
      technicianId: orders.technicianId,
      agendaInicio: agendaText(orders.agendaInicio),
      agendaFim: agendaText(orders.agendaFim),
      sequence: orders.agendaSequencia,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, id));
  return row!;
}

/** The columns of an answer (docs/rules.md#entities): client and technician by name, PDF flags from the stored files. */
export const orderColumns = {
  id: orders.id,
  numero: orders.numero,
  data: orders.data,
  cliente: clients.razao,
  clienteId: orders.clientId,
  responsavel: orders.responsavel,
  cidade: orders.cidade,
  engenheiro: sql<string>`coalesce(${users.username}, '')`,
  engenheiroId: orders.technicianId,
  engenheiroNome: sql<string>`coalesce(${users.nomeCompleto}, '')`,
  equipamento: orders.equipamento,
  nr_peca: orders.nrPeca,
  nr_serie: orders.nrSerie,
  motivo: orders.motivo,
  status: orders.status,
  pdf: sql<boolean>`(${orders.pdfFile} is not null)`,
  pdfcompleto: sql<boolean>`(${orders.pdfcompletoFile} is not null)`,
  endDate: orders.endDate,
  agendaInicio: agendaText(orders.agendaInicio),
  agendaFim: agendaText(orders.agendaFim),
  equipamentoId: orders.equipmentId,
};

function selectOrders(db: Db) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(users, eq(users.id, orders.technicianId));
}

/** One order as the API answers it (no access check). */
export async function findOrder(db: Db, id: number): Promise<Order | undefined> {
  const [row] = await selectOrders(db).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * docs/rules.md#validation and docs/rules.md#daily-use: the search text matches the client, the order's city, serial
 * number or technician (accents and case ignored), or the number ('00012' finds 12).
 */
function searchCondition(q: string): SQL {
  const byClient = sql`${orders.clientId} in (select ${clients.id} from ${clients} where ${containsFolded(clients.razao, q)})`;
  const byTechnician = sql`${orders.technicianId} in (select ${users.id} from ${users}
    where ${containsFolded(users.nomeCompleto, q)} or ${containsFolded(users.username, q)})`;
  // docs/rules.md#equipment: the linked equipment's serial too.
  const byEquipment = sql`${orders.equipmentId} in (select ${equipment.id} from ${equipment} where ${containsFolded(equipment.numeroSerie, q)})`;
  const byText = sql`(${byClient} or ${containsFolded(orders.cidade, q)} or ${containsFolded(orders.nrSerie, q)} or ${byEquipment} or ${byTechnician})`;
  // A number in any form ('00004', 'OS-4', '#4') also matches the numbers that contain it; that
  // order itself comes first (searchOrder).
  const numero = orderNumberInSearch(q);
  if (numero === undefined) return byText;
  return sql`(${byText} or ${orders.numero}::text like ${`%${numero}%`})`;
}

/**
 * The order a list is sorted in: newest number first, except that the order a search names by its
 * number ('4', '00004', 'OS 00004', 'OS-4', '#4') is the first row (docs/rules.md#edge-input).
 * `column` is the number as the statement names it.
 */
function searchOrder(query: OrderListQuery | OrderReportQuery, column: SQL): SQL {
  const numero = query.q ? orderNumberInSearch(query.q) : undefined;
  return numero === undefined ? sql`${column} desc` : sql`(${column} = ${numero}) desc, ${column} desc`;
}

/** Filters of both lists; `countable` says whether order_status_counts can answer the total. */
function listConditions(user: SessionUser, query: OrderListQuery | OrderReportQuery) {
  const conditions: SQL[] = [];
  let countable = true;
  if (user.role === 'tec') {
    conditions.push(eq(orders.technicianId, user.id));
    countable = false;
  }
  if (query.q) {
    conditions.push(searchCondition(query.q));
    countable = false;
  }
  if ('cliente' in query && query.cliente) {
    countable = false;
    conditions.push(
      asRecordId(query.cliente) !== undefined
        ? eq(orders.clientId, asRecordId(query.cliente)!)
        : sql`${orders.clientId} in (select ${clients.id} from ${clients} where ${containsFolded(clients.razao, query.cliente)})`,
    );
  }
  if ('engenheiro' in query && query.engenheiro) {
    countable = false;
    conditions.push(technicianCondition(query.engenheiro));
  }
  if ('dataInicio' in query && query.dataInicio) {
    countable = false;
    conditions.push(gte(orders.data, query.dataInicio));
  }
  if ('dataFim' in query && query.dataFim) {
    countable = false;
    conditions.push(lte(orders.data, query.dataFim));
  }
  if (query.status) conditions.push(eq(orders.status, query.status));
  return { where: conditions.length ? and(...conditions) : undefined, countable };
}

/** The report's technician filter: an id, a username or a full name (the old screens used both). */
function technicianCondition(value: string): SQL {
  const id = asRecordId(value);
  if (id !== undefined) return eq(orders.technicianId, id);
  return sql`${orders.technicianId} in (select ${users.id} from ${users}
    where lower(${users.username}) = lower(${value}) or lower(trim(${users.nomeCompleto})) = lower(trim(${value})))`;
}

/** The list's select list (orderColumns, named as the answer names them) and joins: per request only the filters are built. */
const listSelect = renderOnce(sql`select ${namedColumns(orderColumns)} from ${orders}
  inner join ${clients} on ${eq(clients.id, orders.clientId)}
  left join ${users} on ${eq(users.id, orders.technicianId)}`);

/**
 * A page of orders, newest number first, as the JSON text of the answer, with the total for
 * X-Total-Count, in one statement (db/json-list.ts). Each element is what findOrder answers (orders.test.ts).
 * The total is a scalar subquery evaluated once; for the unfiltered and status-only lists it comes
 * from order_status_counts (docs/architecture.md#measurements: no scan per request).
 */
export async function listOrdersJson(
  db: Db,
  user: SessionUser,
  query: OrderListQuery | OrderReportQuery,
): Promise<{ json: string; total: number }> {
  const { where, countable } = listConditions(user, query);
  const page = sql`${listSelect}
    ${where ? sql`where ${where}` : sql``}
    order by ${searchOrder(query, sql`${orders.numero}`)}
    ${query.limit !== undefined ? limitClause(query.limit) : sql``}
    ${query.offset ? sql`offset ${query.offset}` : sql``}`;
  // Without limit or offset the page is everything: its length is the total.
  const paged = query.limit !== undefined || Boolean(query.offset);
  const total = !paged
    ? sql`count(*)::int`
    : countable
      ? sql`(select coalesce(sum(${orderStatusCounts.count}), 0)::int from ${orderStatusCounts}
          ${query.status ? sql`where ${eq(orderStatusCounts.status, query.status)}` : sql``})`
      : sql`(select count(*)::int from ${orders} ${where ? sql`where ${where}` : sql``})`;
  return jsonList<{ total: number }>(db, page, searchOrder(query, sql`list.numero`), { total });
}

/** The client named by id or by razao (case-insensitive); 400 on the field when there is none. */
async function resolveClient(db: Db, ref: number | string): Promise<{ id: number; cidade: string }> {
  const asId = asRecordId(ref);
  if (asId !== undefined) {
    const [byId] = await db.select({ id: clients.id, cidade: clients.cidade }).from(clients).where(eq(clients.id, asId));
    if (byId) return byId;
  }
  if (typeof ref === 'string' && ref) {
    const [byName] = await db
      .select({ id: clients.id, cidade: clients.cidade })
      .from(clients)
      .where(sql`lower(${clients.razao}) = lower(${ref})`)
      .orderBy(asc(clients.id))
      .limit(1);
    if (byName) return byName;
  }
  throw badRequest(ORDER_MSG.clientNotFound, 'cliente');
}

/** The equipment linked to an order: null, or one of the order's client (400 on the field otherwise). */
async function resolveEquipment(db: Db, id: number | null, clientId: number) {
  if (id === null) return null;
  const [row] = await db.select().from(equipment).where(eq(equipment.id, id)).limit(1);
  if (!row) throw badRequest(EQUIP_MSG.orderEquipmentNotFound, 'equipamentoId');
  if (row.clientId !== clientId) throw badRequest(EQUIP_MSG.orderEquipmentOther, 'equipamentoId');
  return row;
}

/** The technician named by id or username; null/'' leaves the order without one. */
async function resolveTechnician(db: Db, ref: number | string | null | undefined): Promise<number | null> {
  if (ref === null || ref === undefined || ref === '') return null;
  const asId = asRecordId(ref);
  if (asId !== undefined) {
    const [byId] = await db.select({ id: users.id }).from(users).where(eq(users.id, asId));
    if (byId) return byId.id;
  }
  if (typeof ref === 'string') {
    const [byName] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${ref})`);
    if (byName) return byName.id;
  }
  throw badRequest(ORDER_MSG.technicianNotFound, 'engenheiro');
}

/** The audited shape of an order: what a reader of the trail recognises (names, not ids). */
function auditSnapshot(order: Order) {
  return {
    numero: order.numero,
    data: order.data,
    cliente: order.cliente,
    responsavel: order.responsavel,
    cidade: order.cidade,
    engenheiro: order.engenheiro,
    equipamento: order.equipamento,
    nr_peca: order.nr_peca,
    nr_serie: order.nr_serie,
    motivo: order.motivo,
    status: order.status,
    endDate: order.endDate,
    agendaInicio: order.agendaInicio,
    agendaFim: order.agendaFim,
    equipamentoId: order.equipamentoId,
  };
}

/**
 * Concluído and Fechado come from the life cycle or the closing; by hand only an admin sets them
 * (docs/rules.md#order-life-cycle). Sending the status an order already has is no change.
 */
function assertMaySetStatus(user: SessionUser, status: OrderStatus | undefined, current: OrderStatus | null) {
  if (user.role === 'admin' || status === undefined || status === current) return;
  if (status === 'Concluído' || status === 'Fechado') throw forbidden(ORDER_MSG.finishAdminOnly);
}

/** Decision: reaching Concluído or Fechado without an end date stamps today (the engineer card shows it). */
function endDateFor(status: OrderStatus, given: string | null | undefined, current: string | null): string | null {
  if (given !== undefined) return given || null;
  if ((status === 'Concluído' || status === 'Fechado') && !current) return businessToday();
  return current;
}

/**
 * Creates an order. Its numero comes from the `orders` counter, raised with UPDATE ... RETURNING
 * inside the insert's transaction, so concurrent creates never share a number (docs/rules.md#order-life-cycle).
 */
export async function createOrder(
  db: Db,
  user: SessionUser,
  input: OrderCreateInput,
  onAgenda?: AgendaListener,
  options: { preventiva?: boolean } = {},
): Promise<Order> {
  const client = await resolveClient(db, input.cliente);
  const technicianId = await resolveTechnician(db, input.engenheiro);
  assertMaySetStatus(user, input.status, null);
  const status = input.status ?? 'Aberto';
  const linked = await resolveEquipment(db, input.equipamentoId ?? null, client.id);
  const window = nextWindow({ agendaInicio: null, agendaFim: null }, input);
  const plan: AgendaPlan = { technicianId, ...window };
  const announced = agendaChangeMatters(null, plan);
  const created = await db.transaction(async (tx) => {
    // The counter never falls behind an existing number (orders imported or seeded by hand).
    const [counter] = await tx
      .update(counters)
      .set({ value: sql`greatest(${counters.value}, (select coalesce(max(${orders.numero}), 0) from ${orders})) + 1` })
      .where(eq(counters.name, 'orders'))
      .returning({ value: counters.value });
    if (!counter) throw new Error('counter "orders" is missing');
    const [row] = await tx
      .insert(orders)
      .values({
        numero: counter.value,
        data: input.data,
        clientId: client.id,
        responsavel: input.responsavel ?? '',
        cidade: input.cidade || client.cidade,
        technicianId,
        equipamento: input.equipamento ?? (linked ? equipmentName(linked) : ''),
        nrPeca: input.nr_peca ?? '',
        nrSerie: input.nr_serie ?? linked?.numeroSerie ?? '',
        equipmentId: linked?.id ?? null,
        preventiva: options.preventiva ?? false,
        motivo: input.motivo ?? '',
        status,
        endDate: endDateFor(status, input.endDate, null),
        agendaInicio: window.agendaInicio,
        agendaFim: window.agendaFim,
        agendaSequencia: announced ? 1 : 0,
        createdBy: user.id,
      })
      .returning({ id: orders.id });
    // The audit entry commits with the order, or neither does (nothing without a trace).
    const order = (await findOrder(tx as unknown as Db, row!.id))!;
    await recordAudit(tx as unknown as Db, {
      entity: AUDIT_ENTITY,
      entityId: order.id,
      orderId: order.id,
      action: 'create',
      user,
      changes: auditSnapshot(order),
    });
    return order;
  });
  if (announced) onAgenda?.({ orderId: created.id, numero: created.numero, sequence: 1, before: null, after: plan, user });
  return created;
}

/** Updates the fields sent; a Fechado order only by an admin (docs/rules.md#api-conventions: 403 otherwise). */
export async function updateOrder(
  db: Db,
  user: SessionUser,
  id: number,
  input: OrderUpdateInput,
  onAgenda?: AgendaListener,
  onConcluded?: ConclusionListener,
): Promise<Order> {
  await orderForRead(db, user, id);
  const client = input.cliente !== undefined ? await resolveClient(db, input.cliente) : undefined;
  const technicianId = input.engenheiro !== undefined ? await resolveTechnician(db, input.engenheiro) : undefined;
  let change: AgendaChange | undefined;
  let concluded = false;
  const updated = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // The row is locked so two edits at the same moment each record the other's result as their "before";
    // the audit entry commits with the change, or neither does.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
    const before = (await findOrder(tx, id))!;
    if (before.status === 'Fechado' && user.role !== 'admin') throw forbidden(ORDER_MSG.closedAdminOnly);
    assertMaySetStatus(user, input.status, before.status);
    const status = input.status ?? before.status;
    // docs/rules.md#equipment: the linked equipment belongs to the order's client (kept or changed).
    const equipmentId = input.equipamentoId !== undefined ? input.equipamentoId : before.equipamentoId;
    const linked =
      input.equipamentoId !== undefined || client
        ? await resolveEquipment(tx, equipmentId, client?.id ?? before.clienteId)
        : undefined;
    const planBefore = await storedPlan(tx, id);
    const window = nextWindow(planBefore, input);
    const planAfter: AgendaPlan = {
      technicianId: technicianId !== undefined ? technicianId : planBefore.technicianId,
      ...window,
    };
    const windowMoved = window.agendaInicio !== planBefore.agendaInicio || window.agendaFim !== planBefore.agendaFim;
    // docs/rules.md#agenda: a Concluído or Fechado order keeps its window (409).
    if (windowMoved && (status === 'Concluído' || status === 'Fechado')) throw conflict(AGENDA_MSG.closedOrder);
    const announced = agendaChangeMatters(planBefore, planAfter);
    const sequence = announced ? planBefore.sequence + 1 : planBefore.sequence;
    await tx
      .update(orders)
      .set({
        data: input.data,
        clientId: client?.id,
        responsavel: input.responsavel,
        cidade: input.cidade,
        technicianId,
        equipamento: input.equipamento ?? (linked && input.equipamentoId !== undefined ? equipmentName(linked) : undefined),
        nrPeca: input.nr_peca,
        nrSerie: input.nr_serie ?? (linked && input.equipamentoId !== undefined ? linked.numeroSerie : undefined),
        equipmentId: input.equipamentoId,
        motivo: input.motivo,
        status: input.status,
        endDate: endDateFor(status, input.endDate, before.endDate),
        agendaInicio: window.agendaInicio,
        agendaFim: window.agendaFim,
        agendaSequencia: sequence,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id));
    const after = (await findOrder(tx, id))!;
    if (finishesWork(before.status, after.status)) await advancePreventivePlan(tx, id);
    concluded = concludes(before.status, after.status);
    const changes = diffFields(auditSnapshot(before), auditSnapshot(after));
    if (Object.keys(changes).length) {
      await recordAudit(tx, { entity: AUDIT_ENTITY, entityId: id, orderId: id, action: 'update', user, changes });
    }
    if (announced) change = { orderId: id, numero: after.numero, sequence, before: planBefore, after: planAfter, user };
    return after;
  });
  if (change) onAgenda?.(change);
  if (concluded) onConcluded?.(id, user);
  return updated;
}

/** How many records go with an order when it is deleted (the screen's second confirmation). */
export async function countOrderRecords(db: Db, id: number): Promise<OrderRecordCounts> {
  const countOf = (
    table:
      | typeof outboundTrips
      | typeof serviceEntries
      | typeof returnTrips
      | typeof descriptions
      | typeof expenses
      | typeof signatures,
  ) => sql<number>`(select count(*)::int from ${table} where ${table.orderId} = ${id})`;
  const [row] = await db
    .select({
      viagemIda: countOf(outboundTrips),
      servicos: countOf(serviceEntries),
      viagemVolta: countOf(returnTrips),
      descricoes: countOf(descriptions),
      despesas: countOf(expenses),
      assinaturas: countOf(signatures),
    })
    .from(sql`(select 1) as one`);
  const counts = row!;
  const total = Object.values(counts).reduce((a, b) => a + Number(b), 0);
  return { ...counts, total };
}

/** Deletes an order and its records (cascade); the audit entry keeps the order and the counts. */
export async function deleteOrder(db: Db, user: SessionUser, id: number, onAgenda?: AgendaListener): Promise<void> {
  await orderForRead(db, user, id);
  const [inClosing] = await db
    .select({ id: closingOrders.closingId })
    .from(closingOrders)
    .where(eq(closingOrders.orderId, id))
    .limit(1);
  if (inClosing) throw conflict(ORDER_MSG.inClosing);
  const order = (await findOrder(db, id))!;
  const records = await countOrderRecords(db, id);
  const plan = await storedPlan(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(orders).where(eq(orders.id, id));
    await recordAudit(tx as unknown as Db, {
      entity: AUDIT_ENTITY,
      entityId: id,
      orderId: id,
      action: 'delete',
      user,
      changes: { ...auditSnapshot(order), registros: records },
    });
  });
  // The technician's calendar loses the visit with the order.
  if (agendaChangeMatters(plan, null)) {
    onAgenda?.({ orderId: id, numero: order.numero, sequence: plan.sequence + 1, before: plan, after: null, user });
  }
}

/** The audit trail of an order and of its records, newest first. */
export async function orderHistory(db: Db, id: number): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      username: auditLog.username,
      at: auditLog.at,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(eq(auditLog.orderId, id))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
