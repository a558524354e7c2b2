import type { SessionUser } from '@os/shared';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

type AuditAction = (typeof auditLog.$inferInsert)['action'];
type Plain = Record<string, unknown>;

/** The fields whose values differ, as {field: {antes, depois}}; undefined in `after` means unchanged. */
export function diffFields(before: Plain, after: Plain): Record<string, { antes: unknown; depois: unknown }> {
  const changes: Record<string, { antes: unknown; depois: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[key];
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[key] = { antes: old ?? null, depois: value };
  }
  return changes;
}

/** Writes one audit entry (docs/rules.md#order-life-cycle: who, when, what changed). */
export async function recordAudit(
  db: Db,
  entry: {
    entity: string;
    entityId: number | null;
    orderId?: number | null;
    action: AuditAction;
    user: SessionUser | null;
    changes?: unknown;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    entity: entry.entity,
    entityId: entry.entityId,
    orderId: entry.orderId ?? null,
    action: entry.action,
    userId: entry.user?.id ?? null,
    username: entry.user?.username ?? 'sistema',
    changes: entry.changes ?? null,
  });
}

/** Whose write to which kind of row, for the audited writes below. */
interface Writer {
  entity: string;
  user: SessionUser | null;
  /** The order the row belongs to, so that the entry shows in the order's history. */
  orderId?: number;
}

/** Inserts a row and its 'create' entry in one transaction; the entry holds `changes(row)`. */
export function auditedCreate<R extends { id: number }>(
  db: Db,
  who: Writer,
  insert: (tx: Db) => Promise<R>,
  changes: (row: R) => unknown = (row) => row,
  /** What else the insert brings about in the same transaction, after its entry (a status change). */
  then?: (tx: Db, row: R) => Promise<void>,
): Promise<R> {
  return db.transaction(async (tx) => {
    const row = await insert(tx as Db);
    await recordAudit(tx as Db, { ...who, entityId: row.id, action: 'create', changes: changes(row) });
    await then?.(tx as Db, row);
    return row;
  });
}

/**
 * Updates a row and, when any field changed, writes its 'update' entry in the same transaction;
 * `fields` gives what is compared (the row itself unless told).
 */
export function auditedUpdate<R extends object>(
  db: Db,
  who: Writer & { id: number },
  before: object,
  update: (tx: Db) => Promise<R>,
  fields: (row: R) => object = (row) => row,
): Promise<R> {
  return db.transaction(async (tx) => {
    const row = await update(tx as Db);
    const changes = diffFields(before as Plain, fields(row) as Plain);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx as Db, { ...who, entityId: who.id, action: 'update', changes });
    }
    return row;
  });
}

/** Deletes a row and writes its 'delete' entry, holding what the row was, in one transaction. */
export async function auditedDelete(db: Db, who: Writer & { id: number }, before: unknown, remove: (tx: Db) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await remove(tx as Db);
    await recordAudit(tx as Db, { ...who, entityId: who.id, action: 'delete', changes: before });
  });
}
