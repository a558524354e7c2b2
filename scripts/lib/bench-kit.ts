/**
 * What the API benchmarks share: a throw-away database of either kind with the seed, the server on a
 * free port, sign-in, and one autocannon measurement printed as a line. Printed, never asserted.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { type Database, openEmbedded, openPostgres } from '../../apps/server/src/db/client';
import { seedDatabase } from '../../apps/server/src/db/seed';
import { loadConfig } from '../../apps/server/src/platform/config';

export type DbKind = 'embedded' | 'postgres';
export const BENCH_PASSWORD = 'bench-admin-123';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WARM_UP_SECONDS = 3;

export function kindsOf(db: string): DbKind[] {
  return db === 'both' ? ['embedded', 'postgres'] : [db as DbKind];
}

/**
 * An API benchmark's command line: its own options (`--name value`, each with its default), the load
 * (`--duration` seconds, `--connections`) and `--db embedded|postgres|both`, as texts; the load as numbers and
 * the databases `--db` names.
 */
export function benchArgs<Name extends string>(own: Record<Name, string>, load: { duration: string; connections: string }) {
  const text = (value: string) => ({ type: 'string' as const, default: value });
  const options = Object.fromEntries(
    Object.entries<string>({ ...own, ...load, db: 'both' }).map(([name, value]) => [name, text(value)]),
  );
  const args = parseArgs({ options }).values as Record<Name | 'duration' | 'connections' | 'db', string>;
  return { args, load: { connections: Number(args.connections), duration: Number(args.duration) }, kinds: kindsOf(args.db) };
}

/** Rows of a raw select on either driver. */
export async function selectRows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const rows = await database.db.execute(query);
  return (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as T[];
}

export interface BenchServer {
  database: Database;
  address: string;
  signIn(username: string): Promise<string>;
}

/** A bench's rows: `insert` fills the seeded database (what it answers goes to the measure), `inserted` says what it holds. */
export interface BenchFill<T> {
  insert: (database: Database) => Promise<T>;
  inserted: (database: Database, filled: T) => string | Promise<string>;
}

/**
 * A seeded database of `kind` (embedded: in a throw-away DATA_DIR; PostgreSQL: a database created on BENCH_DATABASE_URL's server and
 * dropped at the end), filled by `fill` (printed: what it inserted and the seconds until then), served on 127.0.0.1; `measure`
 * runs with it and what the fill answered, then all is closed.
 */
export async function withBenchServer<T>(
  kind: DbKind,
  fill: BenchFill<T>,
  measure: (server: BenchServer, filled: T) => Promise<void>,
): Promise<void> {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-bench-'));
  fs.chmodSync(dataDir, 0o755); // the embedded PostgreSQL may run as another user (root's case)
  let database: Database;
  let dropDatabase = async () => {};
  if (kind === 'embedded') {
    database = await openEmbedded(dataDir);
  } else {
    const name = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString());
    dropDatabase = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  try {
    await seedDatabase(database.db, { adminPassword: BENCH_PASSWORD, dataDir });
    const filled = await fill.insert(database);
    console.log(
      `\n${kind}: ${await fill.inserted(database, filled)} inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const config = { ...loadConfig({ DATA_DIR: dataDir, WEB_DIST: '' }), webDist: undefined };
    const app = await buildApp({ database, config });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = async (username: string) => {
      const login = await fetch(`${address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: BENCH_PASSWORD }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (!login.ok || !cookie) throw new Error(`login of ${username} failed: ${login.status}`);
      return cookie;
    };
    try {
      await measure({ database, address, signIn }, filled);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One measured line: warm-up first (the JIT compiles the route and every pool connection opens). */
export async function measureGet(
  url: string,
  cookie: string,
  title: string,
  { connections, duration }: { connections: number; duration: number },
): Promise<void> {
  await autocannon({ url, connections, duration: WARM_UP_SECONDS, headers: { cookie } });
  const result = await autocannon({ url, connections, duration, headers: { cookie } });
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(
    `  ${title.padEnd(62)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${failed ? `   (${failed} failed)` : ''}`,
  );
}

export const warmUpSeconds = WARM_UP_SECONDS;
