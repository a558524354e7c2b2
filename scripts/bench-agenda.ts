/**
 * Benchmark of the dispatch board's read (docs/rules.md#agenda): GET /api/agenda for one month with
 * 40 technicians and 2,000 scheduled orders (plus as many unscheduled and outside the month), as the
 * office sees it and as one technician, at 50 connections (autocannon), on the embedded PostgreSQL and a PostgreSQL server.
 * Printed, not asserted.
 *
 *   npx tsx scripts/bench-agenda.ts [--technicians 40] [--orders 2000] [--duration 10] [--connections 50]
 *     [--db embedded|postgres|both]
 *   npm run bench agenda
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { BENCH_PASSWORD, benchArgs, type DbKind, measureGet, selectRows, warmUpSeconds, withBenchServer } from './lib/bench-kit';

const { args, load, kinds } = benchArgs({ technicians: '40', orders: '2000' }, { duration: '10', connections: '50' });
const TECHNICIANS = Number(args.technicians);
const ORDERS = Number(args.orders);

/**
 * ORDERS scheduled in March 2026 (two to four hours in working hours, spread over the technicians
 * and the month), ORDERS more scheduled from May on and ORDERS unscheduled, so the month's read has
 * to pick its rows out of a larger table.
 */
async function fill(database: Database): Promise<number> {
  const { db } = database;
  await db.execute(sql`
    insert into clients (codigo, razao, cnpj, cidade, endereco)
    select i, 'Cliente Agenda ' || i, lpad(i::text, 14, '0'), 'Cidade ' || i, 'Rua ' || i || ', 100'
    from generate_series(1, 50) as i`);
  await db.execute(sql`
    insert into users (nome_completo, username, email, password_hash, role)
    select 'Técnico ' || i, 'tec' || i, 'tec' || i || '@bench.local', 'x', 'tec' from generate_series(1, ${TECHNICIANS}) as i`);
  await db.execute(sql`
    insert into orders (numero, data, client_id, cidade, responsavel, technician_id, equipamento, motivo, status,
                        agenda_inicio, agenda_fim)
    select i,
           date '2026-02-01',
           (select id from clients order by id offset (i % 50) limit 1),
           'Cidade ' || (i % 50),
           'Responsável ' || i,
           (select id from users where role = 'tec' order by id offset (i % ${TECHNICIANS}) limit 1),
           'Equipamento ' || (i % 7),
           'Manutenção',
           (array['Aberto','Andamento'])[1 + i % 2],
           case when i <= ${ORDERS} then timestamp '2026-03-01 08:00' + ((i % 31) || ' days')::interval
                when i <= ${ORDERS * 2} then timestamp '2026-05-01 08:00' + ((i % 120) || ' days')::interval
           end + ((i % 8) || ' hours')::interval,
           case when i <= ${ORDERS} then timestamp '2026-03-01 10:00' + ((i % 31) || ' days')::interval
                when i <= ${ORDERS * 2} then timestamp '2026-05-01 10:00' + ((i % 120) || ' days')::interval
           end + ((i % 8) || ' hours')::interval + ((i % 3) || ' hours')::interval
    from generate_series(1, ${ORDERS * 3}) as i`);
  await db.execute(sql`update counters set value = ${ORDERS * 3} where name = 'orders'`);
  await db.execute(sql`update users set password_hash = ${await hashPassword(BENCH_PASSWORD)} where username = 'tec3'`);
  await db.execute(sql`vacuum analyze`);
  const [tec3] = await selectRows<{ id: number }>(database, sql`select id from users where username = 'tec3'`);
  return tec3!.id;
}

async function bench(kind: DbKind) {
  await withBenchServer(
    kind,
    { insert: fill, inserted: () => `${TECHNICIANS} technicians, ${(ORDERS * 3).toLocaleString('en')} orders` },
    async ({ address, signIn }, technicianId) => {
      const month = `${address}/api/agenda?inicio=2026-03-01&fim=2026-03-31`;
      const admin = await signIn('admin');
      const check = await fetch(month, { headers: { cookie: admin } });
      const rows = (await check.json()) as unknown[];
      console.log(`  March 2026 holds ${rows.length.toLocaleString('en')} scheduled orders on the board`);
      console.log(`  ${load.connections} connections, ${load.duration} s each after ${warmUpSeconds} s of warm-up`);
      await measureGet(month, admin, 'GET /api/agenda (a month, all technicians)', load);
      await measureGet(`${month}&tecnico=${technicianId}`, admin, 'GET /api/agenda (a month, one technician)', load);
      await measureGet(month, await signIn('tec3'), 'GET /api/agenda (a month, as the technician)', load);
      await measureGet(`${address}/api/agenda/pendentes`, admin, 'GET /api/agenda/pendentes', load);
    },
  );
}

for (const kind of kinds) await bench(kind);
