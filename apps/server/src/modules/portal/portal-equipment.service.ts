/**
 * The client's equipment in the portal (docs/rules.md#portal): its own machines only, and each one's
 * history of orders with descriptions and photos; never internal notes, expenses, values or hours.
 * Another client's equipment answers 404, never 403.
 */
import type { PortalEquipment, PortalEquipmentHistoryEntry } from '@os/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plateColumns } from '../../db/plate-columns';
import { equipment } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { PortalUser } from '../../platform/session';
import { descriptionsOf, ordersOfEquipment } from '../equipment/equipment.service';

const columns = {
  id: equipment.id,
  ...plateColumns,
  proximaManutencao: equipment.proximaManutencao,
  ativo: equipment.ativo,
};

export async function listPortalEquipment(db: Db, me: PortalUser): Promise<PortalEquipment[]> {
  return db
    .select(columns)
    .from(equipment)
    .where(eq(equipment.clientId, me.clienteId))
    .orderBy(desc(equipment.ativo), asc(equipment.tipo), asc(equipment.fabricante), asc(equipment.modelo), asc(equipment.id));
}

/** The client's equipment, or 404 when it is another client's or does not exist. */
export async function findPortalEquipment(db: Db, me: PortalUser, id: number): Promise<PortalEquipment> {
  const [row] = await db
    .select(columns)
    .from(equipment)
    .where(and(eq(equipment.id, id), eq(equipment.clientId, me.clienteId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The equipment and its orders, newest first. Only orders of the client itself are shown, and photos
 * are named by the portal's own photo route (which checks the session's client again).
 */
export async function portalEquipmentHistory(
  db: Db,
  me: PortalUser,
  id: number,
): Promise<{ equipamento: PortalEquipment; ordens: PortalEquipmentHistoryEntry[] }> {
  const equipamento = await findPortalEquipment(db, me, id);
  const rows = await ordersOfEquipment(db, id, me.clienteId);
  if (rows.length === 0) return { equipamento, ordens: [] };
  const notes = await descriptionsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    equipamento,
    ordens: rows.map((r) => ({
      ...r,
      descricoes: (notes.get(r.id) ?? []).map(({ imagem, ...n }) => ({
        ...n,
        foto: imagem ? `/api/portal/os/${r.id}/fotos/${n.id}` : null,
      })),
    })),
  };
}
