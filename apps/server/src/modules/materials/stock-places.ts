import {
  MAT_MSG,
  milToQuantity,
  type PlaceBalancesQuery,
  type SessionUser,
  type StockBalance,
  type StockPlace,
  type StockPlaceSummary,
} from '@os/shared';
import { and, asc, count, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageOf } from '../../db/page-of';
import { materials, stockBalances, stockPlaces, users } from '../../db/schema';
import { forbidden, notFound, refuseDuplicates } from '../../platform/errors';
import { auditedCreate } from '../audit/audit.service';
import { materialSearch } from './materials.service';

type PlaceRow = typeof stockPlaces.$inferSelect;

export const toPlace = (p: PlaceRow): StockPlace => ({ id: p.id, nome: p.nome, tipo: p.tipo, tecnicoId: p.technicianId });

/**
 * docs/rules.md#materials-and-stock: the 'Almoxarifado' and one 'Veículo – {nome}' per active technician always
 * exist. A technician's vehicle is made with the user (ensureVehicle, told by the users module); this is the
 * safety net for databases from before, run when stock is read, idempotently: two requests at once make one of each.
 */
export async function ensurePlaces(db: Db): Promise<void> {
  const [warehouse] = await db
    .select({ id: stockPlaces.id })
    .from(stockPlaces)
    .where(eq(stockPlaces.tipo, 'almoxarifado'))
    .limit(1);
  if (!warehouse) await db.insert(stockPlaces).values({ nome: MAT_MSG.warehouse, tipo: 'almoxarifado' }).onConflictDoNothing();
  const missing = await db
    .select({ id: users.id, nome: users.nomeCompleto, username: users.username })
    .from(users)
    .leftJoin(stockPlaces, eq(stockPlaces.technicianId, users.id))
    .where(and(eq(users.role, 'tec'), eq(users.active, true), isNull(stockPlaces.id)));
  for (const t of missing) await makeVehicle(db, t);
}

/** The vehicle of a technician: 'Veículo – {nome}', or with the login added when that name is taken. */
export async function makeVehicle(db: Db, t: { id: number; nome: string; username: string }): Promise<void> {
  const nome = MAT_MSG.vehicle(t.nome.trim() || t.username);
  const [taken] = await db
    .select({ id: stockPlaces.id })
    .from(stockPlaces)
    .where(sql`lower(${stockPlaces.nome}) = lower(${nome})`);
  const unique = taken ? `${nome} (${t.username})` : nome;
  await db.insert(stockPlaces).values({ nome: unique, tipo: 'veiculo', technicianId: t.id }).onConflictDoNothing();
}

/**
 * The vehicle of an active technician just saved (created, made a technician or reactivated), in the user's own
 * transaction, so the user and the vehicle commit together (docs/architecture.md#between-server-modules).
 */
export async function ensureVehicle(tx: Db, t: { id: number; nome: string; username: string }): Promise<void> {
  const [has] = await tx.select({ id: stockPlaces.id }).from(stockPlaces).where(eq(stockPlaces.technicianId, t.id)).limit(1);
  if (!has) await makeVehicle(tx, t);
}

/** The vehicle of the technician `technicianId` (made if missing), or the warehouse when the order has no technician. */
export async function placeForOrder(db: Db, technicianId: number | null): Promise<number> {
  const where = technicianId ? eq(stockPlaces.technicianId, technicianId) : eq(stockPlaces.tipo, 'almoxarifado');
  const find = async () =>
    (await db.select({ id: stockPlaces.id }).from(stockPlaces).where(where).orderBy(asc(stockPlaces.id)).limit(1))[0];
  // The safety net of databases from before only when the place is missing, not on every line written.
  const place = (await find()) ?? (await ensurePlaces(db).then(find));
  return place!.id;
}

export async function findPlace(db: Db, id: number): Promise<PlaceRow> {
  const [place] = await db.select().from(stockPlaces).where(eq(stockPlaces.id, id)).limit(1);
  if (!place) throw notFound(MAT_MSG.placeNotFound);
  return place;
}

/** A technician reads and counts only their own vehicle (403 otherwise); admins and users any place. */
export async function placeForUser(db: Db, user: SessionUser, id: number): Promise<PlaceRow> {
  const place = await findPlace(db, id);
  if (user.role === 'tec' && place.technicianId !== user.id) throw forbidden(MAT_MSG.notYourVehicle);
  return place;
}

const balanceColumns = {
  materialId: materials.id,
  codigo: materials.codigo,
  descricao: materials.descricao,
  unidade: materials.unidade,
  q: stockBalances.quantidadeMil,
};

const toBalance = (r: { materialId: number; codigo: string; descricao: string; unidade: string; q: number }): StockBalance => ({
  materialId: r.materialId,
  codigo: r.codigo,
  descricao: r.descricao,
  unidade: r.unidade as StockBalance['unidade'],
  saldo: milToQuantity(r.q),
  negativo: r.q < 0,
});

/** The number of materials below zero per place (of the one place `placeId`, when given). */
async function negativesByPlace(db: Db, placeId?: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ placeId: stockBalances.placeId, n: count() })
    .from(stockBalances)
    .where(and(lt(stockBalances.quantidadeMil, 0), placeId ? eq(stockBalances.placeId, placeId) : undefined))
    .groupBy(stockBalances.placeId);
  return new Map(rows.map((r) => [r.placeId, r.n]));
}

/**
 * GET /api/estoques: the places, each with the number of its negative balances (`negativos`), never the balances
 * themselves (those come a page at a time, placeBalances): the warehouse first, then the places, then the
 * vehicles; a technician gets only their own vehicle.
 */
export async function listPlaces(db: Db, user: SessionUser): Promise<StockPlaceSummary[]> {
  await ensurePlaces(db);
  const places = await db
    .select()
    .from(stockPlaces)
    .where(user.role === 'tec' ? eq(stockPlaces.technicianId, user.id) : undefined)
    .orderBy(sql`case ${stockPlaces.tipo} when 'almoxarifado' then 0 when 'local' then 1 else 2 end`, asc(stockPlaces.nome));
  const negatives = await negativesByPlace(db);
  return places.map((p) => ({ ...toPlace(p), negativos: negatives.get(p.id) ?? 0 }));
}

/**
 * GET /api/estoques/{localId}/saldos: one page of the place's non-zero balances by código (X-Total-Count),
 * searched over código and descrição without regard to case and accents, or only the negative ones.
 */
export async function placeBalances(
  db: Db,
  user: SessionUser,
  id: number,
  query: PlaceBalancesQuery,
): Promise<{ items: StockBalance[]; total: number }> {
  await placeForUser(db, user, id);
  const where = and(
    eq(stockBalances.placeId, id),
    query.negativos === 'true' ? lt(stockBalances.quantidadeMil, 0) : ne(stockBalances.quantidadeMil, 0),
    materialSearch(query.search),
  );
  const joined = eq(materials.id, stockBalances.materialId);
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(stockBalances).innerJoin(materials, joined).where(where),
    db
      .select(balanceColumns)
      .from(stockBalances)
      .innerJoin(materials, joined)
      .where(where)
      .orderBy(asc(materials.codigo), asc(materials.id)),
    { limit: query.limit ?? 50, offset: query.offset },
  );
  return { items: rows.map(toBalance), total };
}

/** The place as GET /api/estoques lists it, with its number of negative balances. */
export async function placeSummary(db: Db, id: number): Promise<StockPlaceSummary> {
  const place = await findPlace(db, id);
  return { ...toPlace(place), negativos: (await negativesByPlace(db, id)).get(id) ?? 0 };
}

/** POST /api/estoques {nome}: another place (admin); names are unique without regard to case (409). */
export async function createPlace(db: Db, user: SessionUser, nome: string): Promise<StockPlace> {
  await ensurePlaces(db);
  return refuseDuplicates(
    () =>
      auditedCreate(db, { entity: 'stock_place', user }, async (tx) =>
        toPlace((await tx.insert(stockPlaces).values({ nome, tipo: 'local' }).returning())[0]!),
      ),
    MAT_MSG.placeDuplicate,
  );
}
