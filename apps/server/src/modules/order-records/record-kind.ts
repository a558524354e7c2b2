import type { SessionUser } from '@os/shared';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { once } from '../../platform/idempotency';
import { auditedCreate, auditedDelete, auditedUpdate } from '../audit/audit.service';
import { type OrderRow, orderForRead, orderForRecordWrite, type RecordWriters } from './order-guard';

/** A table of an order's records: it carries db/schema/order-records.ts's recordColumns (trips, service days, descriptions, expenses, signatures). */
export type RecordTable = PgTable & {
  id: PgColumn;
  orderId: PgColumn;
  createdBy: PgColumn;
  idempotencyKey: PgColumn;
  updatedAt: PgColumn;
};
export type RecordOf<T extends RecordTable> = T['$inferSelect'] & { id: number; orderId: number; createdBy: number | null };

/**
 * One kind of an order's records, declared once in its module with recordKind (docs/style.md#a-record-kind-of-an-order)
 * and handed to listRecords, createRecordOnce, insertRecord and editRecord.
 */
export interface RecordKind<T extends RecordTable, Out, Row extends RecordOf<T> = RecordOf<T>, In = never> {
  /** Where the records are kept. */
  table: T;
  /** The audit's name for a record (its entries' entity). */
  entity: string;
  /** The columns a list is sorted by, ascending. */
  listedBy: PgColumn[];
  /** How a row becomes the API's shape. */
  present: (row: Row) => Out;
  /** The columns an edit sets from its input; throws 400 (badRequest with the field) for what is wrong. */
  values?: (input: In, db: Db) => object | Promise<object>;
  /** What the order must allow before a record is created or changed, beyond its owner and Fechado (throws). */
  check?: (order: OrderRow) => void;
  /** How rows are read when the API's shape needs more than the table (a join); the table's rows otherwise. */
  read?: (db: Db, where: SQL, by: PgColumn[]) => Promise<Row[]>;
  /** Who may write the records, when not the order-guard's mayWriteRecords (the materials: standard users too). */
  writers?: RecordWriters;
}

/** A kind whose records are edited in place (PUT /api/{kind}/atualizatabela/{id}). */
export type EditableKind<T extends RecordTable, Out, Row extends RecordOf<T>, In> = RecordKind<T, Out, Row, In> &
  Required<Pick<RecordKind<T, Out, Row, In>, 'values'>>;

type KindParts<T extends RecordTable, Out, Row extends RecordOf<T>, In> = Omit<RecordKind<T, Out, Row, In>, 'table' | 'entity'>;

/** The declaration of a kind of an order's records: its table, the audit's name for a record, and how it is listed, shown and written. */
export function recordKind<T extends RecordTable, Out, Row extends RecordOf<T>, In>(
  table: T,
  entity: string,
  how: KindParts<T, Out, Row, In> & Required<Pick<RecordKind<T, Out, Row, In>, 'values'>>,
): EditableKind<T, Out, Row, In>;
export function recordKind<T extends RecordTable, Out, Row extends RecordOf<T>>(
  table: T,
  entity: string,
  how: KindParts<T, Out, Row, never>,
): RecordKind<T, Out, Row>;
export function recordKind(table: RecordTable, entity: string, how: object): object {
  return { table, entity, ...how };
}

/** The kind's rows matching `where`, in the order of `by`. */
async function readRows<T extends RecordTable, Out, Row extends RecordOf<T>, In>(
  db: Db,
  kind: RecordKind<T, Out, Row, In>,
  where: SQL,
  by: PgColumn[] = [],
): Promise<Row[]> {
  if (kind.read) return kind.read(db, where, by);
  const rows = await db
    .select()
    .from(kind.table as RecordTable)
    .where(where)
    .orderBy(...by.map((column) => asc(column)));
  return rows as Row[];
}

/** The row as the API shows it: read again when the kind reads through a join. */
async function shown<T extends RecordTable, Out, Row extends RecordOf<T>, In>(
  db: Db,
  kind: RecordKind<T, Out, Row, In>,
  row: Row,
): Promise<Out> {
  if (!kind.read) return kind.present(row);
  const [read] = await kind.read(db, eq(kind.table.id, row.id), []);
  return kind.present(read!);
}

/** A record about to change (404 when there is none) and its order, if this user may change its records. */
async function recordForWrite<T extends RecordTable, Out, Row extends RecordOf<T>, In>(
  db: Db,
  user: SessionUser,
  kind: RecordKind<T, Out, Row, In>,
  id: number,
  inOrder?: number,
): Promise<{ before: Row; order: OrderRow }> {
  const [before] = await readRows(db, kind, eq(kind.table.id, id));
  if (!before || (inOrder !== undefined && before.orderId !== inOrder)) throw notFound();
  const order = await orderForRecordWrite(db, user, before.orderId, kind.writers);
  kind.check?.(order);
  return { before, order };
}

/** An order's records in the kind's order, as the API shows them, for a user who may read the order. */
export async function listRecords<T extends RecordTable, Out, Row extends RecordOf<T>, In>(
  db: Db,
  user: SessionUser,
  kind: RecordKind<T, Out, Row, In>,
  orderId: number,
): Promise<Out[]> {
  await orderForRead(db, user, orderId);
  const rows = await readRows(db, kind, eq(kind.table.orderId, orderId), kind.listedBy);
  return rows.map((row) => kind.present(row));
}

/**
 * A new record of the order `orderId`, which this user must be allowed to write (and the kind's check pass):
 * `create` makes it, once per Idempotency-Key (a repeat answers the record made first, docs/rules.md#api-conventions).
 */
export function createRecordOnce<T extends RecordTable, Out, Row extends RecordOf<T>, In>(
  db: Db,
  user: SessionUser,
  kind: RecordKind<T, Out, Row, In>,
  orderId: number,
  key: string | undefined,
  create: (order: OrderRow) => Promise<Out>,
): Promise<Out> {
  return once<Row, Out>({
    key,
    userId: user.id,
    find: async (k) => (await readRows(db, kind, eq(kind.table.idempotencyKey, k)))[0],
    present: kind.present,
    create: async () => {
      const order = await orderForRecordWrite(db, user, orderId, kind.writers);
      kind.check?.(order);
      return create(order);
    },
  });
}

/**
 * Inserts an order's record made by `user` under `key` with its 'create' entry, in one transaction;
 * `then` is what else it brings about in that transaction.
 */
export function insertRecord<T extends RecordTable, Out extends { id: number }, Row extends RecordOf<T>, In>(
  db: Db,
  user: SessionUser,
  kind: RecordKind<T, Out, Row, In>,
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
      return shown(tx, kind, row as Row);
    },
    undefined,
    then,
  );
}

/**
 * The edit of the record `id` (404 when there is none; 403 / 409 as orderForRecordWrite and the kind's check say):
 * the kind's values of `input`, saved with an 'update' entry when any field changed. `inOrder` (when given) is
 * the order the route names: a record of another order is 404. `alongside` is what else the edit brings about in
 * the same transaction, given the row before and after (the stock a material line moves back).
 */
export async function editRecord<T extends RecordTable, Out extends object, Row extends RecordOf<T>, In>(
  db: Db,
  user: SessionUser,
  kind: EditableKind<T, Out, Row, In>,
  id: number,
  input: In,
  options: { inOrder?: number; alongside?: (tx: Db, before: Row, after: Row, order: OrderRow) => Promise<void> } = {},
): Promise<Out> {
  const { before, order } = await recordForWrite(db, user, kind, id, options.inOrder);
  const values = await kind.values(input, db);
  return auditedUpdate(db, { entity: kind.entity, user, id, orderId: before.orderId }, kind.present(before), async (tx) => {
    const [row] = await tx
      .update(kind.table as RecordTable)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(kind.table.id, id))
      .returning();
    if (options.alongside) {
      const [after] = await readRows(tx, kind, eq(kind.table.id, id));
      await options.alongside(tx, before, after!, order);
    }
    return shown(tx, kind, row as Row);
  });
}

/**
 * Deletes the record `id` of the order `inOrder` (404 when there is none there; 403 / 409 as an edit) with its
 * 'delete' entry; `then` is what else it brings about in the same transaction.
 */
export async function removeRecord<T extends RecordTable, Out, Row extends RecordOf<T>, In>(
  db: Db,
  user: SessionUser,
  kind: RecordKind<T, Out, Row, In>,
  id: number,
  inOrder: number,
  then?: (tx: Db, before: Row, order: OrderRow) => Promise<void>,
): Promise<void> {
  const { before, order } = await recordForWrite(db, user, kind, id, inOrder);
  await auditedDelete(db, { entity: kind.entity, user, id, orderId: before.orderId }, kind.present(before), async (tx) => {
    await tx.delete(kind.table as RecordTable).where(eq(kind.table.id, id));
    await then?.(tx, before, order);
  });
}
