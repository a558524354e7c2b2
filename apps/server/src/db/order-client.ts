import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './client';
import { clients, orders } from './schema';

/**
 * One order with its client, the columns asked of both (`orders.numero`, `clients.razao`...), or null
 * when the order is gone: what an e-mail, a WhatsApp message or a notice says of the order it is about.
 */
export async function findOrderWithClient<Fields extends SelectedFields>(
  db: Db,
  orderId: number,
  fields: Fields,
): Promise<SelectResultFields<Fields> | null> {
  const [row] = await db
    .select(fields as SelectedFields)
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return (row as SelectResultFields<Fields> | undefined) ?? null;
}
