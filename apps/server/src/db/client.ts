import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { embeddedClusterDir, startCluster } from './embedded-postgres';
import { migrationsFolder } from './migrations-folder';
import { migratePgliteFolder } from './pglite-migration';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** 'embedded': the PostgreSQL the product starts itself in DATA_DIR; 'postgres': DATABASE_URL; 'pglite': in-process (tests). */
export type DatabaseKind = 'embedded' | 'postgres' | 'pglite';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** The embedded cluster's folder when it is not inside DATA_DIR (root with a private folder above DATA_DIR). */
  outsideDataDir?: string;
  /** Connections open, idle and requests waiting for one (the pool's). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

// node-postgres: `date` as 'YYYY-MM-DD' text (no time-zone shifts).
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
export async function openPostgres(url: string, { migrate = true, migrations = migrationsFolder } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  nameStatements(pool);
  // Note: an idle connection the server ends (restart, DROP DATABASE ... WITH (FORCE)) must not crash the process;
  // the pool drops it and opens a new one on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL: idle connection lost (${err.message})`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (migrate) await migratePg(db as never, { migrationsFolder: migrations });
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * The embedded database (no DATABASE_URL): a PostgreSQL server in DATA_DIR/postgres that this process starts,
 * and stops on close (docs/decisions.md, embedded PostgreSQL). A DATA_DIR made by a version that kept the data
 * in PGlite (DATA_DIR/pglite) is copied into it first (db/pglite-migration.ts).
 */
export async function openEmbedded(dataDir: string, options: { migrate?: boolean } = {}): Promise<Database> {
  await migratePgliteFolder(dataDir);
  const cluster = await startCluster({ dir: embeddedClusterDir(dataDir) });
  try {
    const database = await openPostgres(cluster.url, options);
    return {
      ...database,
      kind: 'embedded',
      outsideDataDir: cluster.dir.startsWith(`${fs.realpathSync(dataDir)}${path.sep}`) ? undefined : cluster.dir,
      close: async () => {
        await database.close();
        await cluster.stop();
      },
    };
  } catch (err) {
    // The reason the database did not open is what the start reports, not a failed stop after it.
    await cluster.stop().catch(() => undefined);
    throw err;
  }
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);
}
