/**
 * Benchmark of the main lists (issues 4 and 11): with N orders and a signed-in admin, GET /api/os?limit=50,
 * GET /api/os/filtrado with two filters, the clients page and the open-orders grid; as a technician
 * with N/10 orders, the engineer cards (GET /api/lancamentos); at 50 connections (autocannon), on
 * PGlite and PostgreSQL.
 * Printed, not asserted. Target with PostgreSQL on a 2-core machine: >= 2,000 req/s, p99 < 50 ms for the page.
 *
 *   npx tsx scripts/bench-orders.ts [--count 100000] [--duration 10] [--connections 50] [--db pglite|postgres|both]
 *     [--only <part of a title>]   (only the benchmarks whose title holds it)
 *   BENCH_ORDERS=5000 npm run bench orders   (the count from the environment)
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a throw-away
 * database is created on that server and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client';
import { seedDatabase } from '../apps/server/src/db/seed';
import { loadConfig } from '../apps/server/src/platform/config';
import { hashPassword } from '../apps/server/src/platform/passwords';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: process.env.BENCH_ORDERS ?? '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'both' },
    only: { type: 'string', default: '' },
  },
});
const COUNT = Number(args.count);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ADMIN_PASSWORD = 'bench-admin-123';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** N orders spread over 20 clients, 10 technicians, four statuses and three years, in one statement. */
async function fillOrders(database: Database, count: number): Promise<number> {
  const { db } = database;
  await db.execute(sql`
    insert into clients (codigo, razao, cnpj, cidade)
    select i, 'Cliente Bench ' || i, lpad(i::text, 14, '0'), 'Cidade ' || i from generate_series(1, 20) as i`);
  await db.execute(sql`
    insert into users (nome_completo, username, email, password_hash, role)
    select 'Técnico ' || i, 'tec' || i, 'tec' || i || '@bench.local', 'x', 'tec' from generate_series(1, 10) as i`);
  await db.execute(sql`
    insert into orders (numero, data, client_id, cidade, responsavel, technician_id, equipamento, motivo, status)
    select i,
           date '2024-01-01' + (i % 1000),
           (select id from clients order by id offset (i % 20) limit 1),
           'Cidade ' || (i % 20),
           'Responsável ' || i,
           (select id from users where role = 'tec' order by id offset (i % 10) limit 1),
           'Equipamento ' || (i % 7),
           'Manutenção',
           (array['Aberto','Andamento','Concluído','Fechado'])[1 + i % 4]
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`update counters set value = ${count} where name = 'orders'`);
  // The fill's one transaction updated the four status counters once per order, leaving as many dead
  // row versions; a live system updates them one order at a time and keeps the table at one page.
  await db.execute(sql`vacuum full order_status_counts`);
  await db.execute(sql`vacuum analyze`);
  // tec3 signs in for the engineer cards.
  await db.execute(sql`update users set password_hash = ${await hashPassword(ADMIN_PASSWORD)} where username = 'tec3'`);
  const rows = await db.execute(sql`select id from users where username = 'tec3'`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { id: number }[];
  return list[0]!.id;
}

const WARM_UP_SECONDS = 3;

async function run(url: string, cookie: string, title: string) {
  if (args.only && !title.includes(args.only)) return;
  // Unmeasured first: the JIT compiles the route's code and every pool connection opens.
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers: { cookie } });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  console.log(
    `  ${title.padEnd(62)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${non2xx ? `   (${non2xx} failed)` : ''}`,
  );
}

async function bench(kind: 'pglite' | 'postgres') {
  let database: Database;
  let dropDatabase = async () => {};
  if (kind === 'pglite') {
    database = await openPglite();
  } else {
    const name = `bench_orders_${randomBytes(4).toString('hex')}`;
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-bench-'));
  try {
    await seedDatabase(database.db, { adminPassword: ADMIN_PASSWORD, dataDir });
    const started = Date.now();
    const technicianId = await fillOrders(database, COUNT);
    console.log(`\n${kind}: ${COUNT.toLocaleString('en')} orders inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const config = { ...loadConfig({ DATA_DIR: dataDir, WEB_DIST: '' }), webDist: undefined };
    const app = await buildApp({ database, config });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = async (username: string) => {
      const login = await fetch(`${address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: ADMIN_PASSWORD }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (!login.ok || !cookie) throw new Error(`login of ${username} failed: ${login.status}`);
      return cookie;
    };
    const cookie = await signIn('admin');

    console.log(`  ${CONNECTIONS} connections, ${DURATION} s each after ${WARM_UP_SECONDS} s of warm-up`);
    await run(`${address}/api/os?limit=50`, cookie, 'GET /api/os?limit=50');
    await run(`${address}/api/os?status=Aberto&limit=50`, cookie, 'GET /api/os?status=Aberto&limit=50');
    await run(
      `${address}/api/os/filtrado?status=Aberto&engenheiro=${technicianId}&limit=50`,
      cookie,
      'GET /api/os/filtrado?status=Aberto&engenheiro=<id>&limit=50',
    );
    await run(`${address}/api/clientes?limit=7&search=bench`, cookie, 'GET /api/clientes?limit=7&search=bench');
    await run(`${address}/api/grid`, cookie, 'GET /api/grid (100 open orders a page)');
    await run(`${address}/api/lancamentos`, await signIn('tec3'), 'GET /api/lancamentos (technician)');
    await app.close();
  } finally {
    await database.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = args.db === 'both' ? (['pglite', 'postgres'] as const) : [args.db as 'pglite' | 'postgres'];
for (const kind of kinds) await bench(kind);
