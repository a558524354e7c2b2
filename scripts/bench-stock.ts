/**
 * Benchmark of the stock (docs/rules.md#materials-and-stock): 50 places × 2,000 materials with 200,000 movements
 * in the ledger and their balances, then GET /api/estoques (every place with its balances), one place's
 * balances, a page of the ledger filtered by place and a search of the register, at 10 connections
 * (autocannon), on the embedded PostgreSQL and a PostgreSQL server. Printed, not asserted.
 *
 *   npx tsx scripts/bench-stock.ts [--places 50] [--materials 2000] [--movements 200000] [--duration 5]
 *     [--connections 10] [--db embedded|postgres|both]
 *   npm run bench stock
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { benchArgs, type DbKind, measureGet, selectRows, warmUpSeconds, withBenchServer } from './lib/bench-kit';

const { args, load, kinds } = benchArgs(
  { places: '50', materials: '2000', movements: '200000' },
  { duration: '5', connections: '10' },
);
const PLACES = Number(args.places);
const MATERIALS = Number(args.materials);
const MOVEMENTS = Number(args.movements);

/** The places, the register, the ledger (entries into every place, then transfers between them) and its balances. */
async function fill(database: Database): Promise<number> {
  const { db } = database;
  await db.execute(sql`insert into stock_places (nome, tipo) values ('Almoxarifado', 'almoxarifado')`);
  await db.execute(sql`
    insert into stock_places (nome, tipo) select 'Local ' || i, 'local' from generate_series(2, ${PLACES}) as i`);
  await db.execute(sql`
    insert into materials (codigo, descricao, unidade, preco_venda_centavos)
    select 'MAT-' || lpad(i::text, 5, '0'), 'Material de teste número ' || i, (array['un','m','kg','l','cx','pc'])[1 + i % 6], 100 + i
    from generate_series(1, ${MATERIALS}) as i`);
  // One entrada per place and material first (100,000 with the defaults), the rest transfers between places.
  const entries = Math.min(MOVEMENTS, PLACES * MATERIALS);
  await db.execute(sql`
    insert into stock_movements (tipo, material_id, quantidade_mil, destino_id, username, created_at)
    select 'entrada', m.id, 100000, p.id, 'bench', now() - interval '30 days'
    from (select id from materials order by id) m cross join (select id from stock_places order by id) p
    limit ${entries}`);
  await db.execute(sql`
    insert into stock_movements (tipo, material_id, quantidade_mil, origem_id, destino_id, username, created_at)
    select 'transferencia',
           (select min(id) from materials) + i % ${MATERIALS},
           1000,
           (select min(id) from stock_places) + i % ${PLACES},
           (select min(id) from stock_places) + (i + 1) % ${PLACES},
           'bench', now() - ((i % 30) || ' days')::interval
    from generate_series(1, ${Math.max(0, MOVEMENTS - entries)}) as i`);
  await db.execute(sql`
    insert into stock_balances (place_id, material_id, quantidade_mil)
    select place_id, material_id, sum(q)::int from (
      select destino_id as place_id, material_id, quantidade_mil as q from stock_movements where destino_id is not null
      union all
      select origem_id, material_id, -quantidade_mil from stock_movements where origem_id is not null
    ) moved group by place_id, material_id`);
  await db.execute(sql`vacuum analyze`);
  const [place] = await selectRows<{ id: number }>(database, sql`select id from stock_places order by id offset 1 limit 1`);
  return place!.id;
}

async function bench(kind: DbKind) {
  await withBenchServer(
    kind,
    {
      insert: fill,
      inserted: async (database) => {
        const [counts] = await selectRows<{ movements: number; balances: number }>(
          database,
          sql`select (select count(*)::int from stock_movements) as movements, (select count(*)::int from stock_balances) as balances`,
        );
        return `${PLACES} places, ${MATERIALS.toLocaleString('en')} materials, ${counts!.movements.toLocaleString('en')} movements, ${counts!.balances.toLocaleString('en')} balances`;
      },
    },
    async ({ address, signIn }, placeId) => {
      const admin = await signIn('admin');
      // The places with the count of their negative balances (docs/api.md#materials-and-stock): one at a time.
      const times: string[] = [];
      let size = 0;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const body = await (await fetch(`${address}/api/estoques`, { headers: { cookie: admin } })).text();
        times.push(`${Math.round(performance.now() - t0)} ms`);
        size = body.length;
      }
      console.log(
        `  GET /api/estoques (the places, negatives counted): ${(size / 1024).toFixed(1)} KB, one at a time ${times.join(', ')}`,
      );
      console.log(`  ${load.connections} connections, ${load.duration} s each after ${warmUpSeconds} s of warm-up`);
      await measureGet(
        `${address}/api/estoques/${placeId}/saldos`,
        admin,
        'GET /api/estoques/{localId}/saldos (a place, first page)',
        load,
      );
      await measureGet(
        `${address}/api/estoques/movimentos?localId=${placeId}&limit=20`,
        admin,
        'GET /api/estoques/movimentos (a place, first page)',
        load,
      );
      await measureGet(
        `${address}/api/materiais?search=numero%2019&limit=20`,
        admin,
        'GET /api/materiais?search= (register)',
        load,
      );
    },
  );
}

for (const kind of kinds) await bench(kind);
