/**
 * Benchmark of the checklist reads (docs/rules.md#checklists): GET /api/os/{id}/checklist of an order with
 * 30 answered readings, and GET /api/equipamentos/{id}/leituras of a machine with 200 visits of 30
 * readings each (6,000 points), at 10 connections (autocannon), on the embedded PostgreSQL and a
 * PostgreSQL server. Printed, not asserted.
 *
 *   npx tsx scripts/bench-checklists.ts [--visits 200] [--readings 30] [--duration 10] [--connections 10]
 *     [--db embedded|postgres|both]
 *   npm run bench checklists
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { benchArgs, type DbKind, measureGet, selectRows, warmUpSeconds, withBenchServer } from './lib/bench-kit';

const { args, load, kinds } = benchArgs({ visits: '200', readings: '30' }, { duration: '10', connections: '10' });
const VISITS = Number(args.visits);
const READINGS = Number(args.readings);

/** One client, one transformer, a template of READINGS readings, VISITS orders each with every reading answered. */
async function fill(database: Database): Promise<{ equipmentId: number; orderId: number }> {
  const { db } = database;
  await db.execute(
    sql`insert into clients (codigo, razao, cnpj, cidade) values (900001, 'Cliente Leituras', '90000100000191', 'Campinas')`,
  );
  await db.execute(sql`
    insert into equipment (client_id, tipo, fabricante, modelo, numero_serie)
    select id, 'Transformador', 'WEG', 'TR-500', 'BENCH-1' from clients where codigo = 900001`);
  await db.execute(
    sql`insert into checklist_templates (nome, tipo_equipamento, tipo_key) values ('Bench', 'Transformador', 'transformador')`,
  );
  await db.execute(sql`
    insert into checklist_items (template_id, versao, posicao, texto, tipo, unidade, minimo, maximo, obrigatorio)
    select (select id from checklist_templates limit 1), 1, i, 'Leitura ' || i, 'leitura', 'V', 210, 230, true
    from generate_series(1, ${READINGS}) as i`);
  await db.execute(sql`
    insert into orders (numero, data, client_id, equipamento_id, status, motivo)
    select 100000 + i, date '2026-01-01' + i, (select id from clients where codigo = 900001),
           (select id from equipment limit 1), 'Concluído', 'Preventiva'
    from generate_series(1, ${VISITS}) as i`);
  await db.execute(sql`
    insert into order_checklists (order_id, template_id, versao, nome)
    select o.id, (select id from checklist_templates limit 1), 1, 'Bench' from orders o where o.numero > 100000`);
  await db.execute(sql`
    insert into checklist_answers (order_id, item_id, valor, numero, resultado)
    select o.id, it.id, (200 + (o.numero + it.posicao) % 40)::text, 200 + (o.numero + it.posicao) % 40,
           case when 200 + (o.numero + it.posicao) % 40 between 210 and 230 then 'Conforme' else 'Não conforme' end
    from orders o cross join checklist_items it where o.numero > 100000`);
  await db.execute(sql`vacuum analyze`);
  const [row] = await selectRows<{ equipment_id: number; order_id: number }>(
    database,
    sql`select (select id from equipment limit 1) as equipment_id, (select max(id) from orders) as order_id`,
  );
  return { equipmentId: row!.equipment_id, orderId: row!.order_id };
}

async function bench(kind: DbKind) {
  await withBenchServer(
    kind,
    { insert: fill, inserted: () => `${VISITS} visits x ${READINGS} readings` },
    async ({ address, signIn }, ids) => {
      const admin = await signIn('admin');
      const series = (await (
        await fetch(`${address}/api/equipamentos/${ids.equipmentId}/leituras`, { headers: { cookie: admin } })
      ).json()) as {
        pontos: unknown[];
      }[];
      console.log(`  ${series.length} series, ${series.reduce((n, s) => n + s.pontos.length, 0).toLocaleString('en')} points`);
      console.log(`  ${load.connections} connections, ${load.duration} s each after ${warmUpSeconds} s of warm-up`);
      await measureGet(`${address}/api/os/${ids.orderId}/checklist`, admin, 'GET /api/os/{id}/checklist (30 answers)', load);
      await measureGet(
        `${address}/api/equipamentos/${ids.equipmentId}/leituras`,
        admin,
        'GET /api/equipamentos/{id}/leituras (6,000 points)',
        load,
      );
    },
  );
}

for (const kind of kinds) await bench(kind);
