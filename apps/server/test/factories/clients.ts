import type { Db } from '../../src/db/client';
import { clients } from '../../src/db/schema';
import { uniqueDigits } from '../random';

/** A client inserted straight into the table, with a unique code and CNPJ; `values` override the defaults. */
export async function createClient(db: Db, values: Partial<typeof clients.$inferInsert> = {}) {
  const n = uniqueDigits();
  const [row] = await db
    .insert(clients)
    .values({
      codigo: Number(n.slice(-8)),
      razao: `Cliente ${n}`,
      cnpj: n.padStart(14, '7').slice(-14),
      cidade: 'Campinas',
      ...values,
    })
    .returning();
  return row!;
}
