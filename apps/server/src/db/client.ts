import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// node-postgres: `date` as 'YYYY-MM-DD' text, as PGlite answers it (no time-zone shifts).
pg.types.setTypeParser(1082, (v) => v);

/** How many distinct query texts become named statements; any further text runs unnamed. */
export const NAMED_STATEMENT_LIMIT = 500;

/** One select, insert, update or delete: what PostgreSQL plans, and what one Parse message may hold. */
const PLANNED_STATEMENT = /^\s*(select|insert|update|delete|with)\b[^;]*$/i;

/**
 * Queries through the pool become named prepared statements, one name per distinct text, so
 * PostgreSQL parses each once per connection and, where its generic plan is as good, plans it once
 * too, instead of at every request (as postgres.js and pgx do by default). Only single planned
 * statements are named (no DDL, nothing with a ';'); texts are the code's query shapes, and the limit
 * bounds them anyway. A query with its own name (Drizzle's .prepare()) keeps it; transactions run unnamed.
 */
export function nameStatements(pool: pg.Pool, limit = NAMED_STATEMENT_LIMIT): void {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [config] = args;
    if (config && typeof config === 'object') {
      const { text, name } = config as pg.QueryConfig;
      if (!name && typeof text === 'string') {
        let statement = names.get(text);
        if (!statement && names.size < limit && PLANNED_STATEMENT.test(text)) {
          statement = `q${names.size + 1}`;
          names.set(text, statement);
        }
        if (statement) args[0] = { ...config, name: statement };
      }
    }
    return query(...args);
  };
  pool.query = named as typeof pool.query;
}

/** A PostgreSQL server through node-postgres (DATABASE_URL). */
export async function openPostgres(url: string, { migrate = true } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  nameStatements(pool);
  // Note: an idle connection the server ends (restart, DROP DATABASE ... WITH (FORCE)) must not crash the process;
  // the pool drops it and opens a new one on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL: idle connection lost (${err.message})`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (migrate) await migratePg(db as never, { migrationsFolder });
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** The embedded PGlite; `dataDir` undefined keeps it in memory, `loadDataDir` starts from a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; migrate?: boolean } = {}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (options.migrate !== false) await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
