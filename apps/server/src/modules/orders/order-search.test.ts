import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, ctx as t, useFileApp } from '../../../test/file-app';
import { clients } from '../../db/schema';

useFileApp();

/**
 * The order search with many generated orders (docs/rules.md#edge-input): a number typed in any form lists
 * that order on the first row, on /os and in the report, then the other matches newest first.
 */

/**
 * 10,000 in the suite (the sort puts the named order first whatever the count); ORDER_SEARCH_ORDERS=100000
 * runs the same checks with 100,000 orders.
 */
const ORDERS = Number(process.env.ORDER_SEARCH_ORDERS ?? 10_000);
/** The highest numbers containing a digit string, newest first. */
const containing = (digits: string, n: number) => {
  const found: number[] = [];
  for (let i = ORDERS; i > 0 && found.length < n; i--) if (String(i).includes(digits)) found.push(i);
  return found;
};

beforeAll(async () => {
  const [client] = await t.db
    .insert(clients)
    .values({ codigo: 900_001, razao: 'Usina Quatro Rodas', cnpj: '11222333000181', cidade: 'Campinas' })
    .returning({ id: clients.id });
  // Generated in the database: seconds, not minutes, on PGlite too.
  await t.db.execute(sql`insert into orders (numero, data, client_id, cidade)
    select g, date '2026-01-01' + (g % 300), ${client!.id}, 'Campinas' from generate_series(1, ${ORDERS}) as g`);
}, 120_000);

type Row = { numero: number };
async function list(url: string) {
  const started = performance.now();
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  const ms = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json<Row[]>(), total: Number(res.headers['x-total-count']), ms };
}

describe(`order search with ${ORDERS.toLocaleString('pt-BR')} orders`, () => {
  it.each(['4', '00004', 'OS 00004', 'OS-4', 'os4', '#4', ' # 4 ', 'OS nº 4'])(
    "'%s' lists order 00004 on the first row of /os, then the other numbers with 4, newest first",
    async (q) => {
      const { rows, total, ms } = await list(`/api/os?q=${encodeURIComponent(q)}&limit=20`);
      expect(rows[0]?.numero).toBe(4);
      const rest = rows.slice(1).map((r) => r.numero);
      expect(rest).toHaveLength(19);
      expect(rest).toEqual([...rest].sort((a, b) => b - a));
      expect(rest).toEqual(
        containing('4', 20)
          .filter((n) => n !== 4)
          .slice(0, 19),
      );
      for (const n of rest) expect(String(n)).toContain('4');
      expect(total).toBe(Array.from({ length: ORDERS }, (_, i) => i + 1).filter((n) => String(n).includes('4')).length);
      // Budget for a shared test machine; the statement itself takes tens of milliseconds.
      expect(ms).toBeLessThan(5_000);
    },
  );

  it('does the same in the report (/api/os/filtrado), on its second page too', async () => {
    const first = await list('/api/os/filtrado?q=00004&limit=50');
    expect(first.rows[0]?.numero).toBe(4);
    const second = await list('/api/os/filtrado?q=00004&limit=50&offset=50');
    expect(second.rows.map((r) => r.numero)).not.toContain(4);
    expect(second.rows[0]!.numero).toBeLessThan(first.rows.at(-1)!.numero);
  });

  it('a number no order has lists the numbers that contain it, newest first', async () => {
    const { rows } = await list('/api/os?q=OS-123456&limit=5');
    expect(rows).toEqual([]);
    const some = await list('/api/os?q=9999&limit=3');
    expect(some.rows.map((r) => r.numero)).toEqual([9999, ...containing('9999', 3).filter((n) => n !== 9999)].slice(0, 3));
  });

  it('a text search keeps its order (newest first)', async () => {
    const { rows } = await list('/api/os?q=quatro&limit=3');
    expect(rows.map((r) => r.numero)).toEqual([ORDERS, ORDERS - 1, ORDERS - 2]);
  });
});
