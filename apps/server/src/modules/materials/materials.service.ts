import { MAT_MSG, type Material, type MaterialInput, type MaterialListQuery, type SessionUser } from '@os/shared';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageOf } from '../../db/page-of';
import { materials, orderMaterials, stockMovements } from '../../db/schema';
import { containsFolded } from '../../db/search';
import { conflict, notFound, uniqueValue, writeUnique } from '../../platform/errors';
import { auditedCreate, auditedDelete, auditedUpdate } from '../audit/audit.service';

type MaterialRow = typeof materials.$inferSelect;

export const toMaterial = (r: MaterialRow): Material => ({
  id: r.id,
  codigo: r.codigo,
  descricao: r.descricao,
  unidade: r.unidade as Material['unidade'],
  precoVenda: r.precoVendaCentavos / 100,
  precoVendaCentavos: r.precoVendaCentavos,
  controlaEstoque: r.controlaEstoque,
  ativo: r.ativo,
});

const toColumns = (input: MaterialInput) => ({
  codigo: input.codigo,
  descricao: input.descricao,
  unidade: input.unidade,
  precoVendaCentavos: Math.round(input.precoVenda * 100),
  controlaEstoque: input.controlaEstoque,
  ativo: input.ativo,
});

/** docs/rules.md#materials-and-stock: search over código and descrição, accents and case ignored (none for blank text). */
export function materialSearch(text: string | undefined): SQL | undefined {
  const term = text?.trim();
  return term ? containsFolded(sql`(${materials.codigo} || ' ' || ${materials.descricao})`, term) : undefined;
}

function listConditions(query: MaterialListQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.ativo !== undefined) parts.push(eq(materials.ativo, query.ativo === 'true'));
  const search = materialSearch(query.search);
  if (search) parts.push(search);
  return parts.length ? and(...parts) : undefined;
}

/** GET /api/materiais: paged, by código. */
export async function listMaterials(db: Db, query: MaterialListQuery) {
  const where = listConditions(query);
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(materials).where(where),
    db.select().from(materials).where(where).orderBy(asc(materials.codigo), asc(materials.id)),
    { limit: query.limit ?? 50, offset: query.offset },
  );
  return { items: rows.map(toMaterial), total };
}

export async function findMaterialRow(db: Db, id: number): Promise<MaterialRow> {
  const [row] = await db.select().from(materials).where(eq(materials.id, id)).limit(1);
  if (!row) throw notFound(MAT_MSG.notFound);
  return row;
}

export const getMaterial = async (db: Db, id: number) => toMaterial(await findMaterialRow(db, id));

/** Codes are unique without regard to case (409). */
const codigoUnique = (codigo: string, exceptId?: number) =>
  uniqueValue(materials, sql`lower(${materials.codigo}) = lower(${codigo})`, MAT_MSG.duplicateCodigo, exceptId);

export async function createMaterial(db: Db, user: SessionUser, input: MaterialInput): Promise<Material> {
  return writeUnique(db, codigoUnique(input.codigo), () =>
    auditedCreate(db, { entity: 'material', user }, async (tx) =>
      toMaterial((await tx.insert(materials).values(toColumns(input)).returning())[0]!),
    ),
  );
}

export async function updateMaterial(db: Db, user: SessionUser, id: number, input: MaterialInput): Promise<Material> {
  const before = toMaterial(await findMaterialRow(db, id));
  return writeUnique(db, codigoUnique(input.codigo, id), () =>
    auditedUpdate(db, { entity: 'material', user, id }, before, async (tx) =>
      toMaterial(
        (
          await tx
            .update(materials)
            .set({ ...toColumns(input), updatedAt: new Date() })
            .where(eq(materials.id, id))
            .returning()
        )[0]!,
      ),
    ),
  );
}

/** A material is in use once any movement or order line names it: 409, deactivate it instead. */
export async function deleteMaterial(db: Db, user: SessionUser, id: number): Promise<void> {
  const before = toMaterial(await findMaterialRow(db, id));
  const [moved] = await db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(eq(stockMovements.materialId, id))
    .limit(1);
  const [used] = await db
    .select({ id: orderMaterials.id })
    .from(orderMaterials)
    .where(eq(orderMaterials.materialId, id))
    .limit(1);
  if (moved || used) throw conflict(MAT_MSG.inUse);
  try {
    await auditedDelete(db, { entity: 'material', user, id }, before, (tx) => tx.delete(materials).where(eq(materials.id, id)));
  } catch (err) {
    // A movement or line made meanwhile holds it (foreign key): the same 409.
    if ((err as { cause?: { code?: string } }).cause?.code === '23503' || (err as { code?: string }).code === '23503')
      throw conflict(MAT_MSG.inUse);
    throw err;
  }
}
