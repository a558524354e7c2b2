import { type Column, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A fixed fragment (no parameters) rendered to text once, so a hot query does not rebuild it from
 * Drizzle's pieces at every request.
 */
export function renderOnce(fragment: SQL): SQL {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length) throw new Error('a fragment rendered once must have no parameters');
  return sql.raw(text);
}

/**
 * `limit N` written into the statement, not sent as a parameter: PostgreSQL then plans a named
 * statement once for that size (with `limit $1` its generic plan must expect any number of rows, so
 * it replans at every request). Callers pass a size their schema validated; it is checked again here.
 */
export function limitClause(limit: number): SQL {
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error(`bad page size ${limit}`);
  return sql.raw(`limit ${limit}`);
}

/** A select list naming each expression as the answer names it: `expr as "key", ...`. */
export function namedColumns(columns: Record<string, Column | SQL | SQLWrapper>): SQL {
  return sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * The rows of `rows` (a select with named columns) as the JSON text of an array in `order`, written
 * by the database, plus any scalar `extra` columns, in one statement. A hot list answers the text
 * as it is: no row mapping or serializing in Node.
 */
export async function jsonList<Extra extends Record<string, unknown> = Record<never, never>>(
  db: Db,
  rows: SQL,
  order: SQL,
  extra: { [K in keyof Extra]: SQL } = {} as { [K in keyof Extra]: SQL },
): Promise<{ json: string } & Extra> {
  const extraColumns = Object.entries(extra as Record<string, SQL>).map(
    ([key, value]) => sql`, ${value} as ${sql.identifier(key)}`,
  );
  const result = (await db.execute(
    sql`select coalesce(json_agg(list order by ${order}), '[]')::text as json${sql.join(extraColumns)} from (${rows}) as list`,
  )) as unknown as { rows: ({ json: string } & Extra)[] };
  const [row] = result.rows;
  if (!row) throw new Error('a json list answered no row');
  return row;
}
