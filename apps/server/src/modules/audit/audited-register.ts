import type { SessionUser } from '@os/shared';
import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { firstOrNotFound } from '../../platform/errors';
import { auditedCreate, auditedDelete, auditedUpdate } from './audit.service';

/**
 * A register's rows (companies, expense types) read as `columns` and written with their audit entries
 * (docs/rules.md#order-life-cycle): listed by id, found by id (404 when there is none), created from the input
 * (the entry holds the input), updated with `set(input)` (the entry holds the fields that changed), deleted
 * (the entry holds what the row was). What a register checks beyond that (a unique value, a row in use) stays
 * with its service.
 */
export function auditedRegister<R extends { id: number }, Input extends object>(
  entity: string,
  table: PgTable & { id: PgColumn },
  columns: Record<string, PgColumn>,
  set: (input: Input) => object = (input) => input,
) {
  const byId = (id: number) => eq(table.id, id);
  const first = async (rows: PromiseLike<unknown[]>) => (await rows)[0] as R;
  return {
    list: (db: Db) => db.select(columns).from(table).orderBy(asc(table.id)) as unknown as Promise<R[]>,
    find: (db: Db, id: number) =>
      firstOrNotFound(db.select(columns).from(table).where(byId(id)).limit(1) as unknown as Promise<R[]>),
    create: (db: Db, user: SessionUser, input: Input) =>
      auditedCreate(
        db,
        { entity, user },
        (tx) => first(tx.insert(table).values(input).returning(columns)),
        () => input,
      ),
    update: (db: Db, user: SessionUser, id: number, before: R, input: Input) =>
      auditedUpdate(db, { entity, user, id }, before, (tx) =>
        first(tx.update(table).set(set(input)).where(byId(id)).returning(columns)),
      ),
    remove: (db: Db, user: SessionUser, id: number, before: R) =>
      auditedDelete(db, { entity, user, id }, before, (tx) => tx.delete(table).where(byId(id))),
  };
}
