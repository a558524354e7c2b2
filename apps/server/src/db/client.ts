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

/** A PostgreSQL server through node-postgres (DATABASE_URL). */
export async function openPostgres(url: string, { migrate = true } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
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
