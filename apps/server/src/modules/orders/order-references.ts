/** Resolving what an order names (client, equipment, technician) from the API's input. */
import { asRecordId, EQUIP_MSG, ORDER_MSG } from '@os/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, equipment, users } from '../../db/schema';
import { badRequest } from '../../platform/errors';

/** The client named by id or by razao (case-insensitive); 400 on the field when there is none. */
export async function resolveClient(db: Db, ref: number | string): Promise<{ id: number; cidade: string }> {
  const asId = asRecordId(ref);
  if (asId !== undefined) {
    const [byId] = await db.select({ id: clients.id, cidade: clients.cidade }).from(clients).where(eq(clients.id, asId));
    if (byId) return byId;
  }
  if (typeof ref === 'string' && ref) {
    const [byName] = await db
      .select({ id: clients.id, cidade: clients.cidade })
      .from(clients)
      .where(sql`lower(${clients.razao}) = lower(${ref})`)
      .orderBy(asc(clients.id))
      .limit(1);
    if (byName) return byName;
  }
  throw badRequest(ORDER_MSG.clientNotFound, 'cliente');
}

/** The equipment linked to an order: null, or one of the order's client (400 on the field otherwise). */
export async function resolveEquipment(db: Db, id: number | null, clientId: number) {
  if (id === null) return null;
  const [row] = await db.select().from(equipment).where(eq(equipment.id, id)).limit(1);
  if (!row) throw badRequest(EQUIP_MSG.orderEquipmentNotFound, 'equipamentoId');
  if (row.clientId !== clientId) throw badRequest(EQUIP_MSG.orderEquipmentOther, 'equipamentoId');
  return row;
}

/** The technician named by id or username; null/'' leaves the order without one. */
export async function resolveTechnician(db: Db, ref: number | string | null | undefined): Promise<number | null> {
  if (ref === null || ref === undefined || ref === '') return null;
  const asId = asRecordId(ref);
  if (asId !== undefined) {
    const [byId] = await db.select({ id: users.id }).from(users).where(eq(users.id, asId));
    if (byId) return byId.id;
  }
  if (typeof ref === 'string') {
    const [byName] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${ref})`);
    if (byName) return byName.id;
  }
  throw badRequest(ORDER_MSG.technicianNotFound, 'engenheiro');
}
