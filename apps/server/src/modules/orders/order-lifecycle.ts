import { addMonths, businessToday, type OrderStatus, type SessionUser } from '@os/shared';
import { and, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equipment, orders, returnTrips, signatures } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { missingRequiredItems, openFollowUps } from './order-checklist';

/** Sets an order's status (and end date), with its audit entry. */
export async function setOrderStatus(
  db: Db,
  user: SessionUser,
  order: { id: number; status: OrderStatus; endDate: string | null },
  status: OrderStatus,
  endDate: string | null = order.endDate,
): Promise<void> {
  await db.update(orders).set({ status, endDate, updatedAt: new Date() }).where(eq(orders.id, order.id));
  if (finishesWork(order.status, status)) await advancePreventivePlan(db, order.id);
  // docs/rules.md#checklists: each 'Não conforme' item opens its follow-up order.
  if (concludes(order.status, status)) await openFollowUps(db, user, order.id);
  const changes: Record<string, { antes: unknown; depois: unknown }> = { status: { antes: order.status, depois: status } };
  if (endDate !== order.endDate) changes.endDate = { antes: order.endDate, depois: endDate };
  await recordAudit(db, { entity: 'order', entityId: order.id, orderId: order.id, action: 'status', user, changes });
}

/**
 * The WhatsApp messages of a conclusion (docs/rules.md#whatsapp): written inside the transaction that
 * concludes the order, and `written()` after its commit.
 */
export interface ConclusionOutbox {
  concluded(tx: Db, orderId: number, user: SessionUser): Promise<unknown>;
  written(): void;
}

/** Told, after the commit, of an order that reached Concluído (the client's notice, docs/rules.md#portal). */
export type ConclusionListener = (orderId: number, user: SessionUser) => void;

/** Who hears of an order that a record's write concluded (a signature, a return trip). */
export interface ConclusionListeners {
  onConcluded?: ConclusionListener;
  outbox?: ConclusionOutbox;
}

/** After the commit of a write that concluded the order: the client is told (docs/rules.md#portal, docs/rules.md#whatsapp). */
export function tellConcluded(listeners: ConclusionListeners, orderId: number, user: SessionUser) {
  listeners.onConcluded?.(orderId, user);
  listeners.outbox?.written();
}

/** An open order (Aberto, Andamento) reaching Concluído: the client is told (docs/rules.md#portal). */
export const concludes = (before: OrderStatus, after: OrderStatus) =>
  (before === 'Aberto' || before === 'Andamento') && after === 'Concluído';

/**
 * docs/rules.md#order-life-cycle: an order that has both the customer signature and a return trip moves to
 * Concluído; its end date is the day of its last return trip. Call after either is saved. True when it did.
 */
export async function completeIfSignedAndReturned(
  db: Db,
  user: SessionUser,
  orderId: number,
  outbox?: ConclusionOutbox,
): Promise<boolean> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || (order.status !== 'Aberto' && order.status !== 'Andamento')) return false;
  const [signature] = await db.select({ id: signatures.id }).from(signatures).where(eq(signatures.orderId, orderId)).limit(1);
  if (!signature) return false;
  const [lastReturn] = await db
    .select({ day: max(returnTrips.datavolta) })
    .from(returnTrips)
    .where(eq(returnTrips.orderId, orderId));
  if (!lastReturn?.day) return false;
  // docs/rules.md#checklists: the signature or return trip is kept; the order waits for its required items.
  if ((await missingRequiredItems(db, orderId)).length) return false;
  await setOrderStatus(db, user, order, 'Concluído', lastReturn.day);
  await outbox?.concluded(db, orderId, user);
  return true;
}

/** An open order (Aberto, Andamento) reaching Concluído, or Fechado by an admin's hand (docs/decisions.md). */
export function finishesWork(before: OrderStatus, after: OrderStatus): boolean {
  return (before === 'Aberto' || before === 'Andamento') && (after === 'Concluído' || after === 'Fechado');
}

/**
 * docs/rules.md#equipment: a preventive order reaching Concluído moves its equipment's next visit to the
 * order's end date plus the periodicity (the day itself when the order has no end date).
 */
export async function advancePreventivePlan(db: Db, orderId: number): Promise<void> {
  const [order] = await db
    .select({ equipmentId: orders.equipmentId, endDate: orders.endDate, data: orders.data, preventiva: orders.preventiva })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order?.preventiva || !order.equipmentId) return;
  const [row] = await db
    .select({ periodicidade: equipment.periodicidadeMeses })
    .from(equipment)
    .where(eq(equipment.id, order.equipmentId))
    .limit(1);
  if (!row?.periodicidade) return;
  const next = addMonths(order.endDate ?? businessToday(), row.periodicidade);
  await db
    .update(equipment)
    .set({ proximaManutencao: next, updatedAt: new Date() })
    .where(and(eq(equipment.id, order.equipmentId), sql`${equipment.periodicidadeMeses} is not null`));
}
