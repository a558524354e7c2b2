/**
 * The orders on the agenda (docs/rules.md#agenda): the windows of a period with their conflicts, the
 * orders waiting for one, and scheduling through the order's own update. The plan's rules are the
 * agenda's (modules/agenda); these read and write the orders.
 */
import {
  type AgendaOrder,
  type AgendaPendingQuery,
  type AgendaQuery,
  type AgendaUpdateInput,
  addDays,
  type SessionUser,
} from '@os/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonList, limitClause, namedColumns, renderOnce } from '../../db/json-list';
import { clients, orders, users } from '../../db/schema';
import { assertMaySchedule, conflictsOf, conflitosColumn } from '../agenda/agenda.service';
import { noticeDueColumn } from '../agenda/agenda-notices';
import { orderForRead } from '../order-records/order-guard';
import { type OrderListeners, updateOrder } from './orders.service';
import { getOrderView, listSelect, orderColumns } from './orders-list';

/**
 * The agenda's select list and joins, rendered once per settle delay (db/json-list.ts): an order with
 * its conflicts and the moment its waiting notice goes (docs/rules.md#notices-that-settle).
 */
const agendaSelects = new Map<number, SQL>();
function agendaSelect(delayMs: number): SQL {
  let select = agendaSelects.get(delayMs);
  if (!select) {
    const columns = { ...orderColumns, conflitos: conflitosColumn, avisoEm: noticeDueColumn(orders.id, delayMs) };
    select = renderOnce(sql`select ${namedColumns(columns)} from ${orders}
      inner join ${clients} on ${eq(clients.id, orders.clientId)}
      left join ${users} on ${eq(users.id, orders.technicianId)}`);
    agendaSelects.set(delayMs, select);
  }
  return select;
}

/**
 * GET /api/agenda: the orders whose window touches the days inicio..fim (inclusive, company clock),
 * by start, each with its conflicts, as the JSON text of an AgendaOrder[]. A technician gets only
 * their own (docs/rules.md#permissions).
 */
export async function agendaJson(db: Db, user: SessionUser, query: AgendaQuery, noticeDelayMs = 0): Promise<string> {
  const conditions: SQL[] = [
    sql`${orders.agendaInicio} < ${addDays(query.fim, 1)}::timestamp`,
    sql`${orders.agendaFim} > ${query.inicio}::timestamp`,
  ];
  if (user.role === 'tec') conditions.push(eq(orders.technicianId, user.id));
  if (query.tecnico !== undefined) conditions.push(eq(orders.technicianId, query.tecnico));
  const rows = sql`${agendaSelect(noticeDelayMs)} where ${and(...conditions)}`;
  return (await jsonList(db, rows, sql`list."agendaInicio", list.numero`)).json;
}

/**
 * GET /api/agenda/pendentes: open orders (Aberto, Andamento) without a window, longest waiting
 * first (docs/decisions.md), paged, with the total for X-Total-Count.
 */
export async function pendingJson(
  db: Db,
  user: SessionUser,
  query: AgendaPendingQuery,
): Promise<{ json: string; total: number }> {
  const conditions: SQL[] = [sql`${orders.status} in ('Aberto', 'Andamento')`, sql`${orders.agendaInicio} is null`];
  if (user.role === 'tec') conditions.push(eq(orders.technicianId, user.id));
  const where = and(...conditions);
  const page = sql`${listSelect} where ${where}
    order by ${orders.data}, ${orders.numero} ${limitClause(query.limit)} ${query.offset ? sql`offset ${query.offset}` : sql``}`;
  const total = sql`(select count(*)::int from ${orders} where ${where})`;
  return jsonList<{ total: number }>(db, page, sql`list.data, list.numero`, { total });
}

/**
 * PUT /api/os/{id}/agenda: assigns and schedules in one call (both times null unschedules), through
 * the order's own update, so the audit trail and the technician's e-mail follow. Answers the order
 * with its conflicts: double-booking is allowed, never silent (docs/rules.md#agenda).
 */
export async function scheduleOrder(
  db: Db,
  user: SessionUser,
  id: number,
  input: AgendaUpdateInput,
  listeners: Pick<OrderListeners, 'onAgenda' | 'outbox'> = {},
): Promise<AgendaOrder> {
  const order = await orderForRead(db, user, id);
  await assertMaySchedule(db, order, input);
  await updateOrder(
    db,
    user,
    id,
    { engenheiro: input.tecnicoId, agendaInicio: input.agendaInicio, agendaFim: input.agendaFim },
    listeners,
  );
  const updated = (await getOrderView(db, id))!;
  return { ...updated, conflitos: updated.agendaInicio ? await conflictsOf(db, id) : [] };
}
