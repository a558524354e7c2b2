import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from '../src/db/client';
import { migrationsFolder } from '../src/db/migrations-folder';
import * as schema from '../src/db/schema';

/**
 * An in-process PGlite database, migrated unless told otherwise: a DATA_DIR as the versions before the
 * embedded PostgreSQL made it (`dataDir`), or a throw-away one in memory for a test or a benchmark that needs a
 * fresh database of its own in a second.
 */
export async function openPglite(options: { dataDir?: string; migrate?: boolean } = {}): Promise<Database> {
  const client = new PGlite({ dataDir: options.dataDir });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  if (options.migrate !== false) await migrate(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
