import {
  BUSINESS_TIME_ZONE,
  MAT_MSG,
  type MovementInput,
  type MovementListQuery,
  milToQuantity,
  quantityToMil,
  type SessionUser,
  type StockCountInput,
  type StockMovement,
  type StockPlaceSummary,
} from '@os/shared';
import { aliasedTable, and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageOf } from '../../db/page-of';
import { materials, stockBalances, stockMovements, stockPlaces } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { findMaterialRow } from './materials.service';
import { recordMovement } from './stock-ledger';
import { findPlace, placeForUser, placeSummary } from './stock-places';

/** Which places a movement of each kind names (docs/rules.md#materials-and-stock), 400 with the field otherwise. */
function checkPlaces(m: MovementInput) {
  if (m.tipo === 'entrada') {
    if (m.origemId) throw badRequest(MAT_MSG.entradaNoOrigem, 'origemId');
    if (!m.destinoId) throw badRequest(MAT_MSG.destinoRequired, 'destinoId');
  } else if (m.tipo === 'transferencia') {
    if (!m.origemId) throw badRequest(MAT_MSG.origemRequired, 'origemId');
    if (!m.destinoId) throw badRequest(MAT_MSG.destinoRequired, 'destinoId');
    if (m.origemId === m.destinoId) throw badRequest(MAT_MSG.samePlace, 'destinoId');
  } else {
    if (!m.motivo) throw badRequest(MAT_MSG.motivoRequired, 'motivo');
    if (!m.origemId === !m.destinoId) throw badRequest(MAT_MSG.ajusteOneSide, 'origemId');
  }
}

/** The material of a movement or a line, and its quantity in thousandths (400 naming the field otherwise). */
export async function materialAndMil(db: Db, materialId: number, quantidade: number) {
  const material = await findMaterialRow(db, materialId).catch(() => {
    throw badRequest(MAT_MSG.materialRequired, 'materialId');
  });
  const q = quantityToMil(quantidade, material.unidade);
  if ('error' in q) throw badRequest(q.error, 'quantidade');
  return { material, mil: q.mil };
}

/** POST /api/estoques/movimentos: an entrada, a transferência or an ajuste (admin and user). */
export async function postMovement(db: Db, user: SessionUser, m: MovementInput): Promise<StockMovement> {
  checkPlaces(m);
  const { material, mil } = await materialAndMil(db, m.materialId, m.quantidade);
  for (const [id, field] of [
    [m.origemId, 'origemId'],
    [m.destinoId, 'destinoId'],
  ] as const) {
    if (id)
      await findPlace(db, id).catch(() => {
        throw badRequest(`${field === 'origemId' ? 'Origem' : 'Destino'}: ${MAT_MSG.placeNotFound}`, field);
      });
  }
  const id = await db.transaction((tx) =>
    recordMovement(tx as Db, user, {
      tipo: m.tipo,
      materialId: material.id,
      unidade: material.unidade,
      mil,
      origemId: m.origemId,
      destinoId: m.destinoId,
      motivo: m.motivo,
    }),
  );
  const { items } = await listMovements(db, {}, eq(stockMovements.id, id));
  return items[0]!;
}

/**
 * POST /api/estoques/{localId}/conferencia: the counted quantities; each difference from the balance becomes one
 * 'ajuste' (motivo 'Conferência de estoque'), in one transaction. A technician counts only their own vehicle.
 * Answers the place with its number of negative balances.
 */
export async function countPlace(db: Db, user: SessionUser, placeId: number, input: StockCountInput): Promise<StockPlaceSummary> {
  await placeForUser(db, user, placeId);
  const counted: Awaited<ReturnType<typeof materialAndMil>>[] = [];
  for (const item of input.itens) counted.push(await materialAndMil(db, item.materialId, item.quantidade));
  await db.transaction(async (tx) => {
    const balances = await tx
      .select({ materialId: stockBalances.materialId, q: stockBalances.quantidadeMil })
      .from(stockBalances)
      .where(
        and(
          eq(stockBalances.placeId, placeId),
          inArray(
            stockBalances.materialId,
            counted.map((c) => c.material.id),
          ),
        ),
      )
      .for('update');
    for (const { material, mil } of counted) {
      const diff = mil - (balances.find((b) => b.materialId === material.id)?.q ?? 0);
      if (diff === 0) continue;
      await recordMovement(tx as Db, user, {
        tipo: 'ajuste',
        materialId: material.id,
        unidade: material.unidade,
        mil: Math.abs(diff),
        ...(diff > 0 ? { destinoId: placeId } : { origemId: placeId, mayGoNegative: true }),
        motivo: 'Conferência de estoque',
      });
    }
  });
  return placeSummary(db, placeId);
}

const origem = aliasedTable(stockPlaces, 'origem');
const destino = aliasedTable(stockPlaces, 'destino');

/** Day filters are the office's calendar days (docs/rules.md#materials-and-stock). */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

function movementFilters(q: MovementListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.localId) parts.push(or(eq(stockMovements.origemId, q.localId), eq(stockMovements.destinoId, q.localId)));
  if (q.materialId) parts.push(eq(stockMovements.materialId, q.materialId));
  if (q.dataInicio) parts.push(gte(stockMovements.createdAt, dayStart(q.dataInicio)));
  if (q.dataFim) parts.push(lt(stockMovements.createdAt, sql`${dayStart(q.dataFim)} + interval '1 day'`));
  return parts.length ? and(...parts) : undefined;
}

/** GET /api/estoques/movimentos: newest first, paged, with X-Total-Count. */
export async function listMovements(
  db: Db,
  q: MovementListQuery,
  only?: SQL,
): Promise<{ items: StockMovement[]; total: number }> {
  const where = only ?? movementFilters(q);
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(stockMovements).where(where),
    db
      .select({
        m: stockMovements,
        codigo: materials.codigo,
        descricao: materials.descricao,
        unidade: materials.unidade,
        origem: origem.nome,
        destino: destino.nome,
      })
      .from(stockMovements)
      .innerJoin(materials, eq(materials.id, stockMovements.materialId))
      .leftJoin(origem, eq(origem.id, stockMovements.origemId))
      .leftJoin(destino, eq(destino.id, stockMovements.destinoId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id)),
    { limit: q.limit ?? 50, offset: q.offset },
  );
  const items = rows.map(
    (r): StockMovement => ({
      id: r.m.id,
      tipo: r.m.tipo,
      materialId: r.m.materialId,
      codigo: r.codigo,
      descricao: r.descricao,
      unidade: r.unidade as StockMovement['unidade'],
      quantidade: milToQuantity(r.m.quantidadeMil),
      origemId: r.m.origemId,
      origem: r.origem,
      destinoId: r.m.destinoId,
      destino: r.destino,
      osId: r.m.orderId,
      osNumero: r.m.orderNumero,
      motivo: r.m.motivo,
      usuario: r.m.username,
      createdAt: r.m.createdAt.toISOString(),
    }),
  );
  return { items, total };
}
