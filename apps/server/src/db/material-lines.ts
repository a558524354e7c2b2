import { asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { materials, orderMaterials } from './schema';

/**
 * Orders' material lines with their material's code, description and unit, in the order they were entered
 * (docs/rules.md#materials-and-stock): the order's list, its PDF, the closing and the portal read them so.
 */
export async function materialLines(db: Db, where: SQL) {
  const rows = await db
    .select({
      line: orderMaterials,
      codigo: materials.codigo,
      descricao: materials.descricao,
      unidade: materials.unidade,
      controlaEstoque: materials.controlaEstoque,
    })
    .from(orderMaterials)
    .innerJoin(materials, eq(materials.id, orderMaterials.materialId))
    .where(where)
    .orderBy(asc(orderMaterials.createdAt), asc(orderMaterials.id));
  return rows.map(({ line, ...material }) => ({ ...line, ...material }));
}

export type MaterialLine = Awaited<ReturnType<typeof materialLines>>[number];
