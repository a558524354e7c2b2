import {
  MAT_MSG,
  milToQuantity,
  type SessionUser,
  type StockBalance,
  type StockPlace,
  type StockPlaceBalances,
} from '@os/shared';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { materials, stockBalances, stockPlaces, users } from '../../db/schema';
import { forbidden, notFound, refuseDuplicates } from '../../platform/errors';
import { auditedCreate } from '../audit/audit.service';

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
  await ensurePlaces(db);
  const where = technicianId ? eq(stockPlaces.technicianId, technicianId) : eq(stockPlaces.tipo, 'almoxarifado');
  const [place] = await db.select({ id: stockPlaces.id }).from(stockPlaces).where(where).orderBy(asc(stockPlaces.id)).limit(1);
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

/** The balances of the given places (all when none given), non-zero ones only, by material code. */
async function balancesOf(db: Db, placeId?: number): Promise<Map<number, StockBalance[]>> {
  const rows = await db
    .select({
      placeId: stockBalances.placeId,
      materialId: materials.id,
      codigo: materials.codigo,
      descricao: materials.descricao,
      unidade: materials.unidade,
      q: stockBalances.quantidadeMil,
    })
    .from(stockBalances)
    .innerJoin(materials, eq(materials.id, stockBalances.materialId))
    .where(and(ne(stockBalances.quantidadeMil, 0), placeId ? eq(stockBalances.placeId, placeId) : undefined))
    .orderBy(asc(materials.codigo));
  const byPlace = new Map<number, StockBalance[]>();
  for (const r of rows) {
    const list = byPlace.get(r.placeId) ?? [];
    list.push({
      materialId: r.materialId,
      codigo: r.codigo,
      descricao: r.descricao,
      unidade: r.unidade as StockBalance['unidade'],
      saldo: milToQuantity(r.q),
      negativo: r.q < 0,
    });
    byPlace.set(r.placeId, list);
  }
  return byPlace;
}

const withBalances = (p: PlaceRow, saldos: StockBalance[] = []): StockPlaceBalances => ({
  ...toPlace(p),
  saldos,
  negativos: saldos.filter((s) => s.negativo).length,
});

/**
 * GET /api/estoques: every place with its balances (the warehouse first, then the places, then the vehicles);
 * a technician gets only their own vehicle.
 */
export async function listPlaces(db: Db, user: SessionUser): Promise<StockPlaceBalances[]> {
  await ensurePlaces(db);
  const places = await db
    .select()
    .from(stockPlaces)
    .where(user.role === 'tec' ? eq(stockPlaces.technicianId, user.id) : undefined)
    .orderBy(sql`case ${stockPlaces.tipo} when 'almoxarifado' then 0 when 'local' then 1 else 2 end`, asc(stockPlaces.nome));
  const balances = await balancesOf(db, user.role === 'tec' ? places[0]?.id : undefined);
  return places.map((p) => withBalances(p, balances.get(p.id)));
}

/** GET /api/estoques/{localId}/saldos. */
export async function placeBalances(db: Db, user: SessionUser, id: number): Promise<StockPlaceBalances> {
  const place = await placeForUser(db, user, id);
  return withBalances(place, (await balancesOf(db, id)).get(id));
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
