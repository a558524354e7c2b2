import type { SessionUser } from '@os/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../platform/errors';

/** An order as its table holds it (the API's shape is orders.service's getOrderView). */
export type OrderRow = typeof orders.$inferSelect;

export const MSG_ORDER_NOT_FOUND = 'Ordem de serviço não encontrada.';
export const MSG_ORDER_NOT_YOURS = 'Esta ordem de serviço não está atribuída a você.';
export const MSG_ORDER_CLOSED = 'Esta OS está fechada: os registros não podem ser alterados.';

/** docs/rules.md#permissions: admins see every order; standard users too; technicians only those assigned to them. */
export function mayReadOrder(user: SessionUser, order: Pick<OrderRow, 'technicianId'>): boolean {
  return user.role !== 'tec' || order.technicianId === user.id;
}

/** docs/rules.md#permissions: timesheet, descriptions, expenses and signature: admin any order, others only their own. */
export function mayWriteRecords(user: SessionUser, order: Pick<OrderRow, 'technicianId'>): boolean {
  return user.role === 'admin' || order.technicianId === user.id;
}

/** The order's row (404 when there is none). */
async function loadOrderRow(db: Db, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
  return order;
}

/** The order, if this user may see it and its full record (404 / 403 otherwise). */
export async function orderForRead(db: Db, user: SessionUser, orderId: number): Promise<OrderRow> {
  const order = await loadOrderRow(db, orderId);
  if (!mayReadOrder(user, order)) throw forbidden(MSG_ORDER_NOT_YOURS);
  return order;
}

/** Who may write a kind's records: mayWriteRecords unless the kind says otherwise. */
export type RecordWriters = (user: SessionUser, order: Pick<OrderRow, 'technicianId'>) => boolean;

/** The order, if this user may add or change its records: 403 when not theirs, 409 when Fechado. */
export async function orderForRecordWrite(
  db: Db,
  user: SessionUser,
  orderId: number,
  mayWrite: RecordWriters = mayWriteRecords,
): Promise<OrderRow> {
  const order = await loadOrderRow(db, orderId);
  if (!mayWrite(user, order)) throw forbidden(MSG_ORDER_NOT_YOURS);
  if (order.status === 'Fechado') throw conflict(MSG_ORDER_CLOSED);
  return order;
}
