import {
  lineTotalCentavos,
  MAT_MSG,
  milToQuantity,
  type OrderMaterial,
  type OrderMaterialInput,
  type SessionUser,
} from '@os/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type MaterialLine, materialLines } from '../../db/material-lines';
import { materials, orderMaterials } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import type { OrderRow } from '../order-records/order-guard';
import { createRecordOnce, editRecord, insertRecord, listRecords, recordKind, removeRecord } from '../order-records/record-kind';
import { recordMovement } from './stock-ledger';
import { materialAndMil } from './stock-movements';
import { placeForOrder } from './stock-places';

export const toOrderMaterial = (r: MaterialLine): OrderMaterial => ({
  id: r.id,
  osId: r.orderId,
  materialId: r.materialId,
  codigo: r.codigo,
  descricao: r.descricao,
  unidade: r.unidade as OrderMaterial['unidade'],
  quantidade: milToQuantity(r.quantidadeMil),
  precoCentavos: r.precoCentavos,
  totalCentavos: lineTotalCentavos(r.quantidadeMil, r.precoCentavos),
  obs: r.obs,
  localId: r.placeId,
});

/** An active material and the line's quantity in thousandths (400 naming the field otherwise). */
async function lineValues(input: OrderMaterialInput, db: Db) {
  const { material, mil } = await materialAndMil(db, input.materialId, input.quantidade);
  if (!material.ativo) throw badRequest(MAT_MSG.materialInactive, 'materialId');
  return { material, values: { materialId: material.id, quantidadeMil: mil, obs: input.obs } };
}

/**
 * A material used on an order (docs/style.md#a-record-kind-of-an-order): the order's technician, admins and
 * standard users write it (docs/rules.md#materials-and-stock); frozen by the closing like every record.
 */
const line = recordKind(orderMaterials, 'material_os', {
  listedBy: [orderMaterials.createdAt, orderMaterials.id],
  present: toOrderMaterial,
  read: materialLines,
  writers: (user, order) => user.role !== 'tec' || order.technicianId === user.id,
  values: async (input: OrderMaterialInput, db: Db) => (await lineValues(input, db)).values,
});

type Stock = { materialId: number; unidade: string; mil: number; placeId: number | null };

/** What leaves the vehicle for a line ('consumo', never refused) or comes back to it ('devolucao'). */
async function moveForLine(tx: Db, user: SessionUser, order: OrderRow, s: Stock, direction: 'consumo' | 'devolucao') {
  if (!s.placeId || s.mil === 0) return;
  await recordMovement(tx, user, {
    tipo: direction,
    materialId: s.materialId,
    unidade: s.unidade,
    mil: s.mil,
    ...(direction === 'consumo' ? { origemId: s.placeId, mayGoNegative: true } : { destinoId: s.placeId }),
    orderId: order.id,
    orderNumero: order.numero,
  });
}

export const listOrderMaterials = (db: Db, user: SessionUser, orderId: number) => listRecords(db, user, line, orderId);

/** POST /api/os/{id}/materiais: the line, and its 'consumo' from the order technician's vehicle, once per Idempotency-Key. */
export function createOrderMaterial(db: Db, user: SessionUser, orderId: number, input: OrderMaterialInput, key?: string) {
  return createRecordOnce(db, user, line, orderId, key, async (order) => {
    const { material, values } = await lineValues(input, db);
    const placeId = material.controlaEstoque ? await placeForOrder(db, order.technicianId) : null;
    return insertRecord(
      db,
      user,
      line,
      order,
      { ...values, precoCentavos: material.precoVendaCentavos, placeId },
      key,
      async (tx) =>
        moveForLine(
          tx,
          user,
          order,
          { materialId: material.id, unidade: material.unidade, mil: values.quantidadeMil, placeId },
          'consumo',
        ),
    );
  });
}

/**
 * PUT /api/os/{id}/materiais/{itemId}: the same material moves only the difference (back to its vehicle or out of
 * it); another material returns the old one whole and takes the new one at today's price.
 */
export function updateOrderMaterial(db: Db, user: SessionUser, orderId: number, id: number, input: OrderMaterialInput) {
  return editRecord(db, user, line, id, input, {
    inOrder: orderId,
    alongside: async (tx, before, after, order) => {
      const old: Stock = {
        materialId: before.materialId,
        unidade: before.unidade,
        mil: before.quantidadeMil,
        placeId: before.placeId,
      };
      if (before.materialId === after.materialId) {
        const diff = after.quantidadeMil - before.quantidadeMil;
        await moveForLine(tx, user, order, { ...old, mil: Math.abs(diff) }, diff > 0 ? 'consumo' : 'devolucao');
        return;
      }
      await moveForLine(tx, user, order, old, 'devolucao');
      const [m] = await tx.select().from(materials).where(eq(materials.id, after.materialId));
      const placeId = m!.controlaEstoque ? await placeForOrder(tx, order.technicianId) : null;
      await tx.update(orderMaterials).set({ precoCentavos: m!.precoVendaCentavos, placeId }).where(eq(orderMaterials.id, id));
      await moveForLine(
        tx,
        user,
        order,
        { materialId: m!.id, unidade: m!.unidade, mil: after.quantidadeMil, placeId },
        'consumo',
      );
    },
  });
}

/** DELETE /api/os/{id}/materiais/{itemId}: the line goes, its quantity back to the vehicle it left. */
export function deleteOrderMaterial(db: Db, user: SessionUser, orderId: number, id: number) {
  return removeRecord(db, user, line, id, orderId, (tx, before, order) =>
    moveForLine(
      tx,
      user,
      order,
      { materialId: before.materialId, unidade: before.unidade, mil: before.quantidadeMil, placeId: before.placeId },
      'devolucao',
    ),
  );
}
