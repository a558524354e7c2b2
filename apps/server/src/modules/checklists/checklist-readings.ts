/** GET /api/equipamentos/{id}/leituras: an equipment's readings over its visits (docs/rules.md#checklists). */
import type { EquipmentReadings } from '@os/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checklistAnswers, checklistItems, equipment, orders } from '../../db/schema';
import { firstOrNotFound } from '../../platform/errors';

/**
 * One series per reading item, named by its text and unit (the versions of a template keep them), its
 * range the newest visit's; the points in the order of the visits.
 */
export async function equipmentReadings(db: Db, equipmentId: number): Promise<EquipmentReadings[]> {
  await firstOrNotFound(db.select({ id: equipment.id }).from(equipment).where(eq(equipment.id, equipmentId)).limit(1));
  const rows = await db
    .select({
      texto: checklistItems.texto,
      unidade: checklistItems.unidade,
      minimo: checklistItems.minimo,
      maximo: checklistItems.maximo,
      osId: orders.id,
      numero: orders.numero,
      data: orders.data,
      valor: checklistAnswers.numero,
      resultado: checklistAnswers.resultado,
    })
    .from(checklistAnswers)
    .innerJoin(orders, eq(orders.id, checklistAnswers.orderId))
    .innerJoin(checklistItems, eq(checklistItems.id, checklistAnswers.itemId))
    .where(and(eq(orders.equipmentId, equipmentId), isNotNull(checklistAnswers.numero)))
    .orderBy(asc(orders.data), asc(orders.numero), asc(checklistItems.posicao));
  const series = new Map<string, EquipmentReadings>();
  for (const row of rows) {
    const name = `${row.texto}\u0000${row.unidade ?? ''}`;
    let one = series.get(name);
    if (!one) {
      one = { itemTexto: row.texto, unidade: row.unidade, minimo: row.minimo, maximo: row.maximo, pontos: [] };
      series.set(name, one);
    }
    one.minimo = row.minimo;
    one.maximo = row.maximo;
    one.pontos.push({ osId: row.osId, numero: row.numero, data: row.data, valor: row.valor!, resultado: row.resultado });
  }
  return [...series.values()];
}
