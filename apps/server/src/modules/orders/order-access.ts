import type { SessionUser } from '@os/shared';
import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { once } from '../../platform/idempotency';
import { auditedCreate, auditedUpdate } from '../audit/audit.service';

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

async function findOrder(db: Db, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
  return order;
}

/** The order, if this user may see it and its full record (404 / 403 otherwise). */
export async function orderForRead(db: Db, user: SessionUser, orderId: number): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!mayReadOrder(user, order)) throw forbidden(MSG_ORDER_NOT_YOURS);
  return order;
}

/** The order, if this user may add or change its records: 403 when not theirs, 409 when Fechado. */
export async function orderForRecordWrite(db: Db, user: SessionUser, orderId: number): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!mayWriteRecords(user, order)) throw forbidden(MSG_ORDER_NOT_YOURS);
  if (order.status === 'Fechado') throw conflict(MSG_ORDER_CLOSED);
  return order;
}

/** A table of an order's records (trips, service days, descriptions, signatures). */
type RecordTable = PgTable & {
  id: PgColumn;
  orderId: PgColumn;
  createdBy: PgColumn;
  idempotencyKey: PgColumn;
  updatedAt: PgColumn;
};
type RecordOf<T extends RecordTable> = T['$inferSelect'] & { orderId: number; createdBy: number | null };

/** The record a write made under an Idempotency-Key, if any (what once() answers again). */
async function recordByKey<T extends RecordTable>(db: Db, table: T, key: string): Promise<RecordOf<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as RecordTable)
    .where(eq(table.idempotencyKey, key))
    .limit(1);
  return row as RecordOf<T> | undefined;
}

/** A record about to change (404 when there is none) and its order, if this user may change its records. */
export async function recordForWrite<T extends RecordTable>(
  db: Db,
  user: SessionUser,
  table: T,
  id: number,
): Promise<{ before: RecordOf<T>; order: OrderRow }> {
  const [before] = await db
    .select()
    .from(table as RecordTable)
    .where(eq(table.id, id))
    .limit(1);
  if (!before) throw notFound();
  const record = before as RecordOf<T>;
  return { before: record, order: await orderForRecordWrite(db, user, record.orderId) };
}

/** Where an order's record is written: its table, the audit's name for it and how the API shows a row. */
export interface RecordKind<T extends RecordTable, Out> {
  table: T;
  entity: string;
  present: (row: RecordOf<T>) => Out;
}

/** An order's records in the order of `by`, as the API shows them, for a user who may read the order. */
export async function listRecords<T extends RecordTable, Out>(
  db: Db,
  user: SessionUser,
  orderId: number,
  kind: RecordKind<T, Out>,
  by: PgColumn[],
): Promise<Out[]> {
  await orderForRead(db, user, orderId);
  const rows = await db
    .select()
    .from(kind.table as RecordTable)
    .where(eq(kind.table.orderId, orderId))
    .orderBy(...by.map((column) => asc(column)));
  return rows.map((row) => kind.present(row as RecordOf<T>));
}

/**
 * A new record of the order `orderId`, which this user must be allowed to write: `create` makes it, once
 * per Idempotency-Key (a repeat answers the record made first, docs/rules.md#api-conventions).
 */
export function createRecordOnce<T extends RecordTable, Out>(
  db: Db,
  user: SessionUser,
  kind: Pick<RecordKind<T, Out>, 'table' | 'present'>,
  orderId: number,
  key: string | undefined,
  create: (order: OrderRow) => Promise<Out>,
): Promise<Out> {
  return once<RecordOf<T>, Out>({
    key,
    userId: user.id,
    find: (k) => recordByKey(db, kind.table, k),
    present: kind.present,
    create: async () => create(await orderForRecordWrite(db, user, orderId)),
  });
}

/**
 * Inserts an order's record made by `user` under `key` with its 'create' entry, in one transaction;
 * `then` is what else it brings about in that transaction.
 */
export function insertRecord<T extends RecordTable, Out extends { id: number }>(
  db: Db,
  user: SessionUser,
  kind: RecordKind<T, Out>,
  order: OrderRow,
  values: object,
  key: string | undefined,
  then?: (tx: Db, row: Out) => Promise<void>,
): Promise<Out> {
  return auditedCreate(
    db,
    { entity: kind.entity, user, orderId: order.id },
    async (tx) => {
      const [row] = await tx
        .insert(kind.table as RecordTable)
        .values({ ...values, orderId: order.id, createdBy: user.id, idempotencyKey: key ?? null })
        .returning();
      return kind.present(row as RecordOf<T>);
    },
    undefined,
    then,
  );
}

/** Saves the edit of the record `before` with its 'update' entry when any field changed. */
export function updateRecord<T extends RecordTable, Out extends object>(
  db: Db,
  user: SessionUser,
  kind: RecordKind<T, Out>,
  before: RecordOf<T>,
  values: object,
): Promise<Out> {
  const { id, orderId } = before as RecordOf<T> & { id: number };
  return auditedUpdate(db, { entity: kind.entity, user, id, orderId }, kind.present(before), async (tx) => {
    const [row] = await tx
      .update(kind.table as RecordTable)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(kind.table.id, id))
      .returning();
    return kind.present(row as RecordOf<T>);
  });
}
