import {
  AGENDA_MSG,
  type AgendaConflict,
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
import { badRequest, conflict } from '../../platform/errors';
import { orderForRead } from '../orders/order-access';
import { type AgendaListener, findOrder, orderColumns, updateOrder } from '../orders/orders.service';

/**
 * The technician's other orders whose windows overlap this row's (docs/rules.md#agenda), as a JSON
 * array, by start. `orders` is the outer row; the inner one is `other`.
 */
const conflitosColumn = sql`coalesce((select json_agg(json_build_object(
    'id', other.id, 'numero', other.numero, 'cliente', other_client.razao,
    'agendaInicio', to_char(other.agenda_inicio, 'YYYY-MM-DD"T"HH24:MI'),
    'agendaFim', to_char(other.agenda_fim, 'YYYY-MM-DD"T"HH24:MI'))
    order by other.agenda_inicio, other.numero)
  from ${orders} as other inner join ${clients} as other_client on other_client.id = other.client_id
  where other.technician_id = ${orders.technicianId} and other.id <> ${orders.id}
    and other.agenda_inicio < ${orders.agendaFim} and other.agenda_fim > ${orders.agendaInicio}), '[]'::json)`;

/** The agenda's select list and joins, rendered once (db/json-list.ts): an order with its conflicts. */
const agendaSelect = renderOnce(sql`select ${namedColumns({ ...orderColumns, conflitos: conflitosColumn })} from ${orders}
  inner join ${clients} on ${eq(clients.id, orders.clientId)}
  left join ${users} on ${eq(users.id, orders.technicianId)}`);

/** The pending list's select list: plain orders. */
const pendingSelect = renderOnce(sql`select ${namedColumns(orderColumns)} from ${orders}
  inner join ${clients} on ${eq(clients.id, orders.clientId)}
  left join ${users} on ${eq(users.id, orders.technicianId)}`);

/**
 * GET /api/agenda: the orders whose window touches the days inicio..fim (inclusive, company clock),
 * by start, each with its conflicts, as the JSON text of an AgendaOrder[]. A technician gets only
 * their own (docs/rules.md#permissions).
 */
export async function agendaJson(db: Db, user: SessionUser, query: AgendaQuery): Promise<string> {
  const conditions: SQL[] = [
    sql`${orders.agendaInicio} < ${addDays(query.fim, 1)}::timestamp`,
    sql`${orders.agendaFim} > ${query.inicio}::timestamp`,
  ];
  if (user.role === 'tec') conditions.push(eq(orders.technicianId, user.id));
  if (query.tecnico !== undefined) conditions.push(eq(orders.technicianId, query.tecnico));
  const rows = sql`${agendaSelect} where ${and(...conditions)}`;
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
  const page = sql`${pendingSelect} where ${where}
    order by ${orders.data}, ${orders.numero} ${limitClause(query.limit)} ${query.offset ? sql`offset ${query.offset}` : sql``}`;
  const total = sql`(select count(*)::int from ${orders} where ${where})`;
  return jsonList<{ total: number }>(db, page, sql`list.data, list.numero`, { total });
}

/** The technician's other orders overlapping this order's window, by start. */
export async function conflictsOf(db: Db, orderId: number): Promise<AgendaConflict[]> {
  const result = (await db.execute(
    sql`select ${conflitosColumn}::text as conflitos from ${orders} where ${orders.id} = ${orderId}`,
  )) as unknown as { rows: { conflitos: string }[] };
  const [row] = result.rows;
  return row ? (JSON.parse(row.conflitos) as AgendaConflict[]) : [];
}

/**
 * PUT /api/os/{id}/agenda: assigns and schedules in one call (both times null unschedules), through
 * the order's own update, so the audit trail and the technician's e-mail follow. Answers the order
 * with its conflicts: double-booking is allowed, never silent (docs/rules.md#agenda).
 */
export async function setAgenda(
  db: Db,
  user: SessionUser,
  id: number,
  input: AgendaUpdateInput,
  onAgenda?: AgendaListener,
): Promise<AgendaOrder> {
  const order = await orderForRead(db, user, id);
  if (order.status === 'Concluído' || order.status === 'Fechado') throw conflict(AGENDA_MSG.closedOrder);
  if (input.tecnicoId) {
    const [technician] = await db.select({ active: users.active }).from(users).where(eq(users.id, input.tecnicoId)).limit(1);
    if (!technician?.active) throw badRequest(AGENDA_MSG.technicianInactive, 'tecnicoId');
  }
  const technicianId = input.tecnicoId !== undefined ? input.tecnicoId : order.technicianId;
  const scheduling = input.agendaInicio !== undefined ? input.agendaInicio !== null : order.agendaInicio !== null;
  if (scheduling && !technicianId) throw badRequest(AGENDA_MSG.technicianRequired, 'tecnicoId');
  await updateOrder(
    db,
    user,
    id,
    { engenheiro: input.tecnicoId, agendaInicio: input.agendaInicio, agendaFim: input.agendaFim },
    onAgenda,
  );
  const updated = (await findOrder(db, id))!;
  return { ...updated, conflitos: updated.agendaInicio ? await conflictsOf(db, id) : [] };
}
