/** Materials and stock for the tests (docs/rules.md#materials-and-stock): a register row and the ledger's check. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { materials } from '../../src/db/schema';
import { uniqueDigits } from '../random';

export async function createMaterialRow(db: Db, values: Partial<typeof materials.$inferInsert> = {}) {
  const [row] = await db
    .insert(materials)
    .values({
      codigo: `M${uniqueDigits().slice(-7)}`,
      descricao: 'Capacitor 45uF',
      unidade: 'un',
      precoVendaCentavos: 1250,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * Expects every balance to equal the sum of its ledger's movements (in minus out), and no movement to lack a
 * balance: the invariant every test of the ledger ends with.
 */
export async function expectLedgerBalanced(db: Db) {
  const rows = await db.execute(sql`
    with moved as (
      select destino_id as place_id, material_id, quantidade_mil as q from stock_movements where destino_id is not null
      union all
      select origem_id, material_id, -quantidade_mil from stock_movements where origem_id is not null
    ), sums as (select place_id, material_id, sum(q)::int as q from moved group by place_id, material_id)
    select coalesce(s.place_id, b.place_id) as place_id, coalesce(s.material_id, b.material_id) as material_id,
           coalesce(s.q, 0) as ledger, coalesce(b.quantidade_mil, 0) as balance
    from sums s full join stock_balances b on b.place_id = s.place_id and b.material_id = s.material_id
    where coalesce(s.q, 0) <> coalesce(b.quantidade_mil, 0)`);
  const list = (rows as unknown as { rows: unknown[] }).rows;
  expect(list).toEqual([]);
}
