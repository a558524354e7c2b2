import { AGENDA_MSG, type AgendaConflict, type AgendaUpdateInput, type OrderStatus } from '@os/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, orders, users } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';

/**
 * The technician's other orders whose windows overlap this row's (docs/rules.md#agenda), as a JSON
 * array, by start. `orders` is the outer row; the inner one is `other`.
 */
export const conflitosColumn = sql`coalesce((select json_agg(json_build_object(
    'id', other.id, 'numero', other.numero, 'cliente', other_client.razao,
    'agendaInicio', to_char(other.agenda_inicio, 'YYYY-MM-DD"T"HH24:MI'),
    'agendaFim', to_char(other.agenda_fim, 'YYYY-MM-DD"T"HH24:MI'))
    order by other.agenda_inicio, other.numero)
  from ${orders} as other inner join ${clients} as other_client on other_client.id = other.client_id
  where other.technician_id = ${orders.technicianId} and other.id <> ${orders.id}
    and other.agenda_inicio < ${orders.agendaFim} and other.agenda_fim > ${orders.agendaInicio}), '[]'::json)`;

/** The technician's other orders overlapping this order's window, by start. */
export async function conflictsOf(db: Db, orderId: number): Promise<AgendaConflict[]> {
  const result = (await db.execute(
    sql`select ${conflitosColumn}::text as conflitos from ${orders} where ${orders.id} = ${orderId}`,
  )) as unknown as { rows: { conflitos: string }[] };
  const [row] = result.rows;
  return row ? (JSON.parse(row.conflitos) as AgendaConflict[]) : [];
}

/**
 * PUT /api/os/{id}/agenda (docs/rules.md#agenda): a Concluído or Fechado order keeps its window (409);
 * the technician named is active, and a scheduled order has one (400 on tecnicoId otherwise).
 */
export async function assertMaySchedule(
  db: Db,
  order: { status: OrderStatus; technicianId: number | null; agendaInicio: unknown },
  input: AgendaUpdateInput,
): Promise<void> {
  if (order.status === 'Concluído' || order.status === 'Fechado') throw conflict(AGENDA_MSG.closedOrder);
  if (input.tecnicoId) {
    const [technician] = await db.select({ active: users.active }).from(users).where(eq(users.id, input.tecnicoId)).limit(1);
    if (!technician?.active) throw badRequest(AGENDA_MSG.technicianInactive, 'tecnicoId');
  }
  const technicianId = input.tecnicoId !== undefined ? input.tecnicoId : order.technicianId;
  const scheduling = input.agendaInicio !== undefined ? input.agendaInicio !== null : order.agendaInicio !== null;
  if (scheduling && !technicianId) throw badRequest(AGENDA_MSG.technicianRequired, 'tecnicoId');
}
