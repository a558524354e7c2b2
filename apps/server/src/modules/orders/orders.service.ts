import {
  businessToday,
  ORDER_MSG,
  type Order,
  type OrderCreateInput,
  type OrderHistoryEntry,
  type OrderListQuery,
  type OrderRecordCounts,
  type OrderReportQuery,
  type OrderStatus,
  type OrderUpdateInput,
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
  expenses,
  orderStatusCounts,
  orders,
  outboundTrips,
  returnTrips,
  serviceEntries,
  signatures,
  users,
} from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { diffFields, recordAudit } from '../audit/audit.service';
import { orderForRead } from './order-access';

const AUDIT_ENTITY = 'order';

/** The columns of an answer (spec §3): client and technician by name, PDF flags from the stored files. */
const orderColumns = {
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

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Spec §5: the search text matches the client (case-insensitive) or the number ('00012' finds 12). */
function searchCondition(q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  const byClient = sql`${orders.clientId} in (select ${clients.id} from ${clients} where ${clients.razao} ilike ${pattern})`;
  const digits = q.replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(digits)) return byClient;
  return sql`(${byClient} or ${orders.numero}::text like ${`%${digits}%`})`;
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
      /^\d+$/.test(query.cliente)
        ? eq(orders.clientId, Number(query.cliente))
        : sql`${orders.clientId} in (select ${clients.id} from ${clients} where ${clients.razao} ilike ${`%${escapeLike(query.cliente)}%`})`,
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
  if (/^\d+$/.test(value)) return eq(orders.technicianId, Number(value));
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
 * from order_status_counts (ARCHITECTURE.md: no scan per request).
 */
export async function listOrdersJson(
  db: Db,
  user: SessionUser,
  query: OrderListQuery | OrderReportQuery,
): Promise<{ json: string; total: number }> {
  const { where, countable } = listConditions(user, query);
  const page = sql`${listSelect}
    ${where ? sql`where ${where}` : sql``}
    order by ${orders.numero} desc
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
  return jsonList<{ total: number }>(db, page, sql`list.numero desc`, { total });
}

/** The client named by id or by razao (case-insensitive); 400 on the field when there is none. */
async function resolveClient(db: Db, ref: number | string): Promise<{ id: number; cidade: string }> {
  const asId = typeof ref === 'number' ? ref : /^\d+$/.test(ref) ? Number(ref) : undefined;
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

/** The technician named by id or username; null/'' leaves the order without one. */
async function resolveTechnician(db: Db, ref: number | string | null | undefined): Promise<number | null> {
  if (ref === null || ref === undefined || ref === '') return null;
  const asId = typeof ref === 'number' ? ref : /^\d+$/.test(ref) ? Number(ref) : undefined;
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
  };
}

/** Decision: reaching Concluído or Fechado without an end date stamps today (the engineer card shows it). */
function endDateFor(status: OrderStatus, given: string | null | undefined, current: string | null): string | null {
  if (given !== undefined) return given || null;
  if ((status === 'Concluído' || status === 'Fechado') && !current) return businessToday();
  return current;
}

/**
 * Creates an order. Its numero comes from the `orders` counter, raised with UPDATE ... RETURNING
 * inside the insert's transaction, so concurrent creates never share a number (DECISIONS.md §5).
 */
export async function createOrder(db: Db, user: SessionUser, input: OrderCreateInput): Promise<Order> {
  const client = await resolveClient(db, input.cliente);
  const technicianId = await resolveTechnician(db, input.engenheiro);
  const status = input.status ?? 'Aberto';
  return db.transaction(async (tx) => {
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
        equipamento: input.equipamento ?? '',
        nrPeca: input.nr_peca ?? '',
        nrSerie: input.nr_serie ?? '',
        motivo: input.motivo ?? '',
        status,
        endDate: endDateFor(status, input.endDate, null),
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
}

/** Updates the fields sent; a Fechado order only by an admin (DECISIONS.md §8: 403 otherwise). */
export async function updateOrder(db: Db, user: SessionUser, id: number, input: OrderUpdateInput): Promise<Order> {
  await orderForRead(db, user, id);
  const client = input.cliente !== undefined ? await resolveClient(db, input.cliente) : undefined;
  const technicianId = input.engenheiro !== undefined ? await resolveTechnician(db, input.engenheiro) : undefined;
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // The row is locked so two edits at the same moment each record the other's result as their "before";
    // the audit entry commits with the change, or neither does.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
    const before = (await findOrder(tx, id))!;
    if (before.status === 'Fechado' && user.role !== 'admin') throw forbidden(ORDER_MSG.closedAdminOnly);
    const status = input.status ?? before.status;
    await tx
      .update(orders)
      .set({
        data: input.data,
        clientId: client?.id,
        responsavel: input.responsavel,
        cidade: input.cidade,
        technicianId,
        equipamento: input.equipamento,
        nrPeca: input.nr_peca,
        nrSerie: input.nr_serie,
        motivo: input.motivo,
        status: input.status,
        endDate: endDateFor(status, input.endDate, before.endDate),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id));
    const after = (await findOrder(tx, id))!;
    const changes = diffFields(auditSnapshot(before), auditSnapshot(after));
    if (Object.keys(changes).length) {
      await recordAudit(tx, { entity: AUDIT_ENTITY, entityId: id, orderId: id, action: 'update', user, changes });
    }
    return after;
  });
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
export async function deleteOrder(db: Db, user: SessionUser, id: number): Promise<void> {
  await orderForRead(db, user, id);
  const [inClosing] = await db
    .select({ id: closingOrders.closingId })
    .from(closingOrders)
    .where(eq(closingOrders.orderId, id))
    .limit(1);
  if (inClosing) throw conflict(ORDER_MSG.inClosing);
  const order = (await findOrder(db, id))!;
  const records = await countOrderRecords(db, id);
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
