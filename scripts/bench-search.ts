/**
 * Benchmark of the order search by number (docs/rules.md#edge-input: a number typed as '4', '00004',
 * 'OS 00004', 'OS-4' or '#4' lists that order first): with N orders (100,000 by default) whose
 * clients, cities and equipment also hold the digits, one signed-in admin searches GET /api/os and
 * GET /api/os/filtrado; printed: which order came first and how long one search takes (median and
 * slowest of several, one request at a time, as a person searches), on the embedded PostgreSQL and a PostgreSQL server.
 * Printed, not asserted.
 *
 *   npx tsx scripts/bench-search.ts [--count 100000] [--repeat 15] [--db embedded|postgres|both]
 *   BENCH_ORDERS=5000 npm run bench search
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { type DbKind, kindsOf, withBenchServer } from './lib/bench-kit';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: process.env.BENCH_ORDERS ?? '100000' },
    repeat: { type: 'string', default: '15' },
    db: { type: 'string', default: 'both' },
  },
});
const COUNT = Number(args.count);
const REPEAT = Number(args.repeat);

/** N orders over 20 clients, some of whose names, cities and equipment hold '4' and '0004'. */
async function fill(database: Database, count: number) {
  const { db } = database;
  await db.execute(sql`
    insert into clients (codigo, razao, cnpj, cidade)
    select i, 'Cliente ' || (i * 4) || ' Ltda', lpad(i::text, 14, '0'), 'Cidade 000' || i from generate_series(1, 20) as i`);
  await db.execute(sql`
    insert into orders (numero, data, client_id, cidade, responsavel, equipamento, motivo, status)
    select i,
           date '2024-01-01' + (i % 1000),
           (select id from clients order by id offset (i % 20) limit 1),
           'Cidade 000' || (i % 20),
           'Responsável ' || i,
           'Compressor 4' || (i % 7),
           'Manutenção',
           (array['Aberto','Andamento','Concluído','Fechado'])[1 + i % 4]
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`update counters set value = ${count} where name = 'orders'`);
  await db.execute(sql`vacuum analyze`);
}

async function timeSearch(address: string, cookie: string, path: string, typed: string) {
  const url = `${address}${path}${encodeURIComponent(typed)}`;
  const times: number[] = [];
  let first: unknown;
  let total = '';
  for (let i = 0; i < REPEAT + 2; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = (await res.json()) as { numero?: number }[] | { error: string };
    const ms = performance.now() - started;
    if (!res.ok || !Array.isArray(body)) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    if (i >= 2) times.push(ms); // the first two warm the route and the plan
    first = body[0]?.numero;
    total = res.headers.get('x-total-count') ?? '?';
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const label = `${path.split('?')[0]} '${typed}'`;
  console.log(
    `  ${label.padEnd(34)} first row: OS ${String(first ?? '-').padStart(6)}${first === 4 ? ' (the order typed)' : ' (NOT the order typed)'}   ${total.padStart(6)} matches   median ${median.toFixed(1).padStart(6)} ms   slowest ${times.at(-1)!.toFixed(1).padStart(6)} ms`,
  );
}

async function bench(kind: DbKind) {
  await withBenchServer(
    kind,
    { insert: (database) => fill(database, COUNT), inserted: () => `${COUNT.toLocaleString('en')} orders` },
    async ({ address, signIn }) => {
      const cookie = await signIn('admin');
      console.log(`  one search at a time, median and slowest of ${REPEAT}`);
      for (const typed of ['00004', '4', 'OS 00004', 'OS-4', '#4'])
        await timeSearch(address, cookie, '/api/os?limit=50&q=', typed);
      await timeSearch(address, cookie, '/api/os/filtrado?limit=50&q=', '00004');
    },
  );
}

for (const kind of kindsOf(args.db)) await bench(kind);
