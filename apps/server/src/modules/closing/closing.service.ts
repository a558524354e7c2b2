import {
  CLOSING_MSG,
  type ClosingFigures,
  type ClosingOrderFigures,
  type ClosingSummary,
  computeOrderClosing,
  type HourBand,
  padNumber,
  percentualToBasis,
  type SessionUser,
} from '@os/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditLog,
  clients,
  closingOrders,
  closings,
  counters,
  expenses,
  expenseTypes,
  orders,
  outboundTrips,
  returnTrips,
  serviceEntries,
  systemParameters,
  users,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { type Storage, storedName } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { MSG_ORDER_NOT_FOUND } from '../order-records/order-guard';
import { cancelChargeOfReopened } from '../pix/pix.service';
import type { PixApiClient } from '../pix/pix-api';
import { withMaterials } from './closing-materials';
import { renderClosingPdf } from './closing-pdf';

export interface ClosingDeps {
  db: Db;
  storage: Storage;
  /** A bank's PIX API, when set: the closing's charge is made there (docs/rules.md#pix). */
  bank?: PixApiClient | null;
}

const hhmm = (t: string) => t.slice(0, 5);

/** The current hour bands (system parameters), as the closing will store them. */
export async function currentBands(db: Db): Promise<HourBand[]> {
  const rows = await db.select().from(systemParameters).orderBy(asc(systemParameters.id));
  return rows.map((r) => ({ tipo: r.tipo, inicio: hhmm(r.inicio), fim: hhmm(r.fim), valorCentavos: r.valorCentavos }));
}

/**
 * The arithmetic of docs/rules.md#hours-and-closing for the chosen orders, from their stored records and the
 * current parameters. Only Concluído orders (409 otherwise) of one client (400 otherwise).
 */
export async function computeClosingFigures(db: Db, osIds: number[]): Promise<ClosingFigures> {
  if (!osIds.length) throw badRequest(CLOSING_MSG.selectOrders, 'osIds');
  const rows = await db
    .select({ order: orders, client: clients, tecNome: users.nomeCompleto, tecUser: users.username })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(users, eq(users.id, orders.technicianId))
    .where(inArray(orders.id, osIds))
    .orderBy(asc(orders.numero));
  if (rows.length !== osIds.length) throw notFound(MSG_ORDER_NOT_FOUND);
  if (rows.some((r) => r.order.status !== 'Concluído')) throw conflict(CLOSING_MSG.onlyConcluded);
  if (new Set(rows.map((r) => r.client.id)).size > 1) throw badRequest(CLOSING_MSG.oneClient, 'osIds');
  const client = rows[0]!.client;

  // One after the other: inside the closing's transaction they share one connection, which takes one
  // query at a time (pg deprecates queueing them).
  const bands = await currentBands(db);
  const services = await db
    .select()
    .from(serviceEntries)
    .where(inArray(serviceEntries.orderId, osIds))
    .orderBy(asc(serviceEntries.dataservico), asc(serviceEntries.id));
  const outs = await db.select().from(outboundTrips).where(inArray(outboundTrips.orderId, osIds));
  const backs = await db.select().from(returnTrips).where(inArray(returnTrips.orderId, osIds));
  const exps = await db
    .select({ orderId: expenses.orderId, valorCentavos: expenses.valorCentavos, tipo: expenseTypes.despesa })
    .from(expenses)
    .innerJoin(expenseTypes, eq(expenseTypes.id, expenses.expenseTypeId))
    .where(inArray(expenses.orderId, osIds));

  const figures: ClosingOrderFigures[] = rows.map(({ order, tecNome, tecUser }) => {
    const result = computeOrderClosing(
      {
        services: services
          .filter((s) => s.orderId === order.id)
          .map((s) => ({ entrada: s.entradaservico, saida: s.saidaservico, intervaloMin: s.intervaloMin, feriado: s.feriado })),
        trips: [
          ...outs.filter((t) => t.orderId === order.id).map((t) => ({ duracaoMin: t.duracaoMin, km: t.kmida })),
          ...backs.filter((t) => t.orderId === order.id).map((t) => ({ duracaoMin: t.duracaoMin, km: t.kmvolta })),
        ],
        expenses: exps.filter((e) => e.orderId === order.id),
      },
      bands,
      client.percentual,
    );
    return {
      id: order.id,
      numero: order.numero,
      data: order.data,
      cidade: order.cidade,
      engenheiroNome: tecNome || tecUser || '',
      ...result,
    };
  });
  const sum = (key: 'horasCentavos' | 'kmCentavos' | 'despesasCentavos' | 'totalCentavos') =>
    figures.reduce((s, f) => s + f[key], 0);
  return withMaterials(db, osIds, {
    cliente: { id: client.id, razao: client.razao, cnpj: client.cnpj, percentual: client.percentual },
    parametros: bands,
    percentualBasis: percentualToBasis(client.percentual),
    orders: figures,
    horasCentavos: sum('horasCentavos'),
    kmCentavos: sum('kmCentavos'),
    despesasCentavos: sum('despesasCentavos'),
    totalCentavos: sum('totalCentavos'),
  });
}

/** The next number of a named counter, atomically (two closings at once never share a numero). */
async function nextCounter(db: Db, name: string): Promise<number> {
  const [row] = await db
    .insert(counters)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}

type ClosingRow = typeof closings.$inferSelect;

/**
 * Closes the orders (docs/rules.md#order-life-cycle): stores the closing with its numero, figures and parameter
 * values, marks the orders Fechado (their records are then frozen), then makes the closing PDF.
 */
export async function closeOrders(deps: ClosingDeps, osIds: number[], user: SessionUser): Promise<ClosingSummary> {
  const closing = await deps.db.transaction(async (tx) => {
    const figures = await computeClosingFigures(tx as unknown as Db, osIds);
    const numero = await nextCounter(tx as unknown as Db, 'closings');
    const [row] = await tx
      .insert(closings)
      .values({ numero, totalCentavos: figures.totalCentavos, figures, createdBy: user.id })
      .returning();
    await tx.insert(closingOrders).values(osIds.map((orderId) => ({ closingId: row!.id, orderId })));
    // Only orders still Concluído change: a concurrent closing of the same order fails here.
    const changed = await tx
      .update(orders)
      .set({ status: 'Fechado', updatedAt: new Date() })
      .where(and(inArray(orders.id, osIds), eq(orders.status, 'Concluído')))
      .returning({ id: orders.id });
    if (changed.length !== osIds.length) throw conflict(CLOSING_MSG.onlyConcluded);
    // One insert for every order's audit entry (a closing may hold hundreds of orders).
    await tx.insert(auditLog).values(
      osIds.map((orderId) => ({
        entity: 'order',
        entityId: orderId,
        orderId,
        action: 'status' as const,
        userId: user.id,
        username: user.username,
        changes: { status: { antes: 'Concluído', depois: 'Fechado' }, fechamento: numero },
      })),
    );
    await recordAudit(tx as unknown as Db, {
      entity: 'closing',
      entityId: row!.id,
      action: 'create',
      user,
      changes: { numero, osIds },
    });
    return row!;
  });
  const withPdf = await storeClosingPdf(deps, closing, user.username);
  return summarize(withPdf, user.username);
}

async function storeClosingPdf(deps: ClosingDeps, closing: ClosingRow, username: string): Promise<ClosingRow> {
  const { pdf, code } = await renderClosingPdf(deps.db, closing, username, new Date(), deps.bank);
  const key = await deps.storage.put(
    'pdfs',
    pdf,
    storedName(`fechamento${padNumber(closing.numero)}_${code.replace(/-/g, '')}`, 'pdf'),
  );
  const [row] = await deps.db.update(closings).set({ pdfFile: key }).where(eq(closings.id, closing.id)).returning();
  return row!;
}

export function closingPdfName(numero: number) {
  return `Fechamento_${padNumber(numero)}.pdf`;
}

/** The closing's PDF; made again from the stored figures if its file is missing. */
export async function readClosingPdf(
  deps: ClosingDeps,
  numero: number,
  username: string,
): Promise<{ data: Buffer; filename: string }> {
  const [row] = await deps.db.select().from(closings).where(eq(closings.numero, numero)).limit(1);
  if (!row) throw notFound(CLOSING_MSG.closingNotFound);
  let current = row;
  if (current.pdfFile) {
    const data = await deps.storage.read(current.pdfFile).catch(() => null);
    if (data) return { data, filename: closingPdfName(numero) };
  }
  current = await storeClosingPdf(deps, current, username);
  return { data: await deps.storage.read(current.pdfFile!), filename: closingPdfName(numero) };
}

function summarize(row: ClosingRow, criadoPor: string): ClosingSummary {
  const figures = row.figures as ClosingFigures;
  return {
    id: row.id,
    numero: row.numero,
    status: row.status,
    cliente: figures.cliente.razao,
    osNumeros: figures.orders.map((o) => o.numero),
    totalCentavos: row.totalCentavos,
    valorTotal: row.totalCentavos / 100,
    pdf: !!row.pdfFile,
    criadoPor,
    createdAt: row.createdAt.toISOString(),
    reopenedAt: row.reopenedAt ? row.reopenedAt.toISOString() : null,
    reopenReason: row.reopenReason,
  };
}

export async function listClosings(db: Db): Promise<ClosingSummary[]> {
  const rows = await db
    .select({ closing: closings, username: users.username })
    .from(closings)
    .leftJoin(users, eq(users.id, closings.createdBy))
    .orderBy(desc(closings.numero))
    .limit(500);
  return rows.map((r) => summarize(r.closing, r.username ?? ''));
}

/** Reopens a closing: its orders go back to Concluído; the reason is kept in the audit trail. */
export async function reopenClosing(db: Db, numero: number, motivo: string, user: SessionUser): Promise<ClosingSummary> {
  const row = await db.transaction(async (tx) => {
    const [closing] = await tx.select().from(closings).where(eq(closings.numero, numero)).limit(1);
    if (!closing) throw notFound(CLOSING_MSG.closingNotFound);
    if (closing.status !== 'Fechado') throw conflict(CLOSING_MSG.closingAlreadyReopened);
    const links = await tx
      .select({ orderId: closingOrders.orderId })
      .from(closingOrders)
      .where(eq(closingOrders.closingId, closing.id));
    const ids = links.map((l) => l.orderId);
    const reopened = ids.length
      ? await tx
          .update(orders)
          .set({ status: 'Concluído', updatedAt: new Date() })
          .where(and(inArray(orders.id, ids), eq(orders.status, 'Fechado')))
          .returning({ id: orders.id })
      : [];
    for (const { id } of reopened) {
      await recordAudit(tx as unknown as Db, {
        entity: 'order',
        entityId: id,
        orderId: id,
        action: 'reopen',
        user,
        changes: { status: { antes: 'Fechado', depois: 'Concluído' }, fechamento: numero, motivo },
      });
    }
    await cancelChargeOfReopened(tx as unknown as Db, closing.id, motivo, user);
    await recordAudit(tx as unknown as Db, {
      entity: 'closing',
      entityId: closing.id,
      action: 'reopen',
      user,
      changes: { numero, motivo },
    });
    const [updated] = await tx
      .update(closings)
      .set({ status: 'Reaberto', reopenedAt: new Date(), reopenReason: motivo })
      .where(eq(closings.id, closing.id))
      .returning();
    return updated!;
  });
  const [creator] = row.createdBy
    ? await db.select({ username: users.username }).from(users).where(eq(users.id, row.createdBy))
    : [];
  return summarize(row, creator?.username ?? '');
}
