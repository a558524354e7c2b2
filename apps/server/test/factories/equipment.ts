import type { Db } from '../../src/db/client';
import { equipment } from '../../src/db/schema';
import { uniqueDigits } from '../random';

/** An equipment inserted straight into the table, with a unique serial; `values` override the defaults. */
export async function createEquipmentRow(db: Db, clientId: number, values: Partial<typeof equipment.$inferInsert> = {}) {
  const [row] = await db
    .insert(equipment)
    .values({ clientId, tipo: 'Inversor', fabricante: 'WEG', modelo: 'CFW500', numeroSerie: `SN-${uniqueDigits()}`, ...values })
    .returning();
  return row!;
}
