import { formatQuantity, MAT_MSG, milToQuantity, type SessionUser } from '@os/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stockBalances, stockMovements, stockPlaces } from '../../db/schema';
import { conflict } from '../../platform/errors';

/** One movement of the ledger, as the services below write it (docs/rules.md#materials-and-stock). */
export interface LedgerEntry {
  tipo: 'entrada' | 'transferencia' | 'ajuste' | 'consumo' | 'devolucao';
  materialId: number;
  unidade: string;
  /** Thousandths of the unit, above zero. */
  mil: number;
  origemId?: number | null;
  destinoId?: number | null;
  orderId?: number | null;
  orderNumero?: number | null;
  motivo?: string;
  /** A consumption is never refused for lack of balance: the place goes negative (docs/rules.md#materials-and-stock). */
  mayGoNegative?: boolean;
}

/** Adds `delta` thousandths to a balance, making its row when there is none. */
async function addToBalance(tx: Db, placeId: number, materialId: number, delta: number) {
  await tx
    .insert(stockBalances)
    .values({ placeId, materialId, quantidadeMil: delta })
    .onConflictDoUpdate({
      target: [stockBalances.placeId, stockBalances.materialId],
      set: { quantidadeMil: sql`${stockBalances.quantidadeMil} + ${delta}` },
    });
}

/**
 * Takes `mil` from a balance only when it holds that much: one conditional update, so that two takings of the
 * last units at once leave one refused (the row is locked by the first; the second sees what is left). 409
 * 'Saldo insuficiente em {local}: {saldo} {unidade}.' otherwise.
 */
async function takeFromBalance(tx: Db, placeId: number, materialId: number, mil: number, unidade: string) {
  const taken = await tx
    .update(stockBalances)
    .set({ quantidadeMil: sql`${stockBalances.quantidadeMil} - ${mil}` })
    .where(
      and(eq(stockBalances.placeId, placeId), eq(stockBalances.materialId, materialId), gte(stockBalances.quantidadeMil, mil)),
    )
    .returning({ q: stockBalances.quantidadeMil });
  if (taken.length) return;
  const [place] = await tx.select({ nome: stockPlaces.nome }).from(stockPlaces).where(eq(stockPlaces.id, placeId));
  const [balance] = await tx
    .select({ q: stockBalances.quantidadeMil })
    .from(stockBalances)
    .where(and(eq(stockBalances.placeId, placeId), eq(stockBalances.materialId, materialId)));
  throw conflict(MAT_MSG.insufficient(place?.nome ?? '', formatQuantity(milToQuantity(balance?.q ?? 0)), unidade));
}

/**
 * Writes one movement and moves its balances, inside the caller's transaction: the balance of every place is
 * always the sum of its movements (in minus out).
 */
export async function recordMovement(tx: Db, user: SessionUser, m: LedgerEntry): Promise<number> {
  if (m.origemId) {
    if (m.mayGoNegative) await addToBalance(tx, m.origemId, m.materialId, -m.mil);
    else await takeFromBalance(tx, m.origemId, m.materialId, m.mil, m.unidade);
  }
  if (m.destinoId) await addToBalance(tx, m.destinoId, m.materialId, m.mil);
  const [row] = await tx
    .insert(stockMovements)
    .values({
      tipo: m.tipo,
      materialId: m.materialId,
      quantidadeMil: m.mil,
      origemId: m.origemId ?? null,
      destinoId: m.destinoId ?? null,
      orderId: m.orderId ?? null,
      orderNumero: m.orderNumero ?? null,
      motivo: m.motivo ?? '',
      userId: user.id,
      username: user.username,
    })
    .returning({ id: stockMovements.id });
  return row!.id;
}
