/** Reading orders: one as the API answers it, and the lists (docs/api.md#orders). */
import {
  asRecordId,
  type Order,
  type OrderListQuery,
  type OrderReportQuery,
  orderNumberInSearch,
  type SessionUser,
} from '@os/shared';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonList, limitClause, namedColumns, renderOnce } from '../../db/json-list';
import { clients, equipment, orderStatusCounts, orders, users } from '../../db/schema';
import { containsFolded } from '../../db/search';
import { agendaText } from '../agenda/agenda-plan';

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
export async function getOrderView(db: Db, id: number): Promise<Order | undefined> {
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

/**
 * The list's select list (orderColumns, named as the answer names them) and joins: per request only the
 * filters are built. The agenda's pending list uses it too (orders-agenda.ts).
 */
export const listSelect = renderOnce(sql`select ${namedColumns(orderColumns)} from ${orders}
  inner join ${clients} on ${eq(clients.id, orders.clientId)}
  left join ${users} on ${eq(users.id, orders.technicianId)}`);

/**
 * A page of orders, newest number first, as the JSON text of the answer, with the total for
 * X-Total-Count, in one statement (db/json-list.ts). Each element is what getOrderView answers (orders.test.ts).
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
