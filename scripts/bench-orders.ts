/**
 * Benchmark of the main lists: with N orders and a signed-in admin, GET /api/os?limit=50,
 * GET /api/os/filtrado with two filters, the clients page and the open-orders grid; as a technician
 * with N/10 orders, the engineer cards (GET /api/lancamentos); at 50 connections (autocannon), on
 * the embedded PostgreSQL and a PostgreSQL server.
 * Printed, not asserted. Target with PostgreSQL on a 2-core machine: >= 2,000 req/s, p99 < 50 ms for the page.
 *
 *   npx tsx scripts/bench-orders.ts [--count 100000] [--duration 10] [--connections 50] [--db embedded|postgres|both]
 *     [--only <part of a title>]   (only the benchmarks whose title holds it)
 *   BENCH_ORDERS=5000 npm run bench orders   (the count from the environment)
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a throw-away
 * database is created on that server and dropped at the end.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { BENCH_PASSWORD, benchArgs, type DbKind, measureGet, selectRows, warmUpSeconds, withBenchServer } from './lib/bench-kit';

const { args, load, kinds } = benchArgs(
  { count: process.env.BENCH_ORDERS ?? '100000', only: '' },
  { duration: '10', connections: '50' },
);
const COUNT = Number(args.count);

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
  await db.execute(sql`update users set password_hash = ${await hashPassword(BENCH_PASSWORD)} where username = 'tec3'`);
  const [tec3] = await selectRows<{ id: number }>(database, sql`select id from users where username = 'tec3'`);
  return tec3!.id;
}

async function run(url: string, cookie: string, title: string) {
  if (args.only && !title.includes(args.only)) return;
  await measureGet(url, cookie, title, load);
}

async function bench(kind: DbKind) {
  await withBenchServer(
    kind,
    { insert: (database) => fillOrders(database, COUNT), inserted: () => `${COUNT.toLocaleString('en')} orders` },
    async ({ address, signIn }, technicianId) => {
      const cookie = await signIn('admin');
      console.log(`  ${load.connections} connections, ${load.duration} s each after ${warmUpSeconds} s of warm-up`);
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
    },
  );
}

for (const kind of kinds) await bench(kind);
