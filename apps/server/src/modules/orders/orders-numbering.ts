import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { counters, orders } from '../../db/schema';

/**
 * The next order number, from the `orders` counter raised with UPDATE ... RETURNING inside the insert's
 * transaction, so concurrent creates never share a number (docs/rules.md#order-life-cycle). The counter
 * never falls behind an existing number (orders imported or seeded by hand).
 */
export async function nextOrderNumber(tx: Db): Promise<number> {
  const [counter] = await tx
    .update(counters)
    .set({ value: sql`greatest(${counters.value}, (select coalesce(max(${orders.numero}), 0) from ${orders})) + 1` })
    .where(eq(counters.name, 'orders'))
    .returning({ value: counters.value });
  if (!counter) throw new Error('counter "orders" is missing');
  return counter.value;
}
