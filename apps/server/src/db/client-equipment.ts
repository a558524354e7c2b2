import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { equipment } from './schema';

/**
 * Whether the equipment is registered to the client (docs/rules.md#equipment): what a quote's machine, a
 * portal request's machine and the order made of a request must be.
 */
export async function isClientEquipment(db: Db, equipmentId: number, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: equipment.id })
    .from(equipment)
    .where(and(eq(equipment.id, equipmentId), eq(equipment.clientId, clientId)))
    .limit(1);
  return row !== undefined;
}
