/**
 * Quotes, the office's side (docs/rules.md#quotes): create and edit with totals computed in centavos, list,
 * and 'Gerar OS' from an approved quote.
 */
import {
  businessToday,
  itemTotalCentavos,
  type OrderQuote,
  QUOTE_MSG,
  type Quote,
  type QuoteInput,
  type QuoteListQuery,
  quantityToMil,
  quantityToMilli,
  quoteCode,
  reaisToCentavos,
  type SessionUser,
} from '@os/shared';
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isClientEquipment } from '../../db/client-equipment';
import { pageOf } from '../../db/page-of';
import { clients, counters, materials, orders, quoteItems, quotes } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';
import { recordAudit } from '../audit/audit.service';
import { createOrder } from '../orders/orders.service';
import { type LoadedQuote, loadQuote, toQuote, toQuoteSummary } from './quote-load';

const MAX_CENTAVOS = 2_000_000_000;

/** Items and totals in centavos; a discount over the items' sum or a total past the limit answers 400. */
export function priceQuote(input: QuoteInput) {
  const items = input.itens.map((i, posicao) => {
    const quantidadeMilli = quantityToMilli(i.quantidade);
    const valorUnitarioCentavos = reaisToCentavos(i.valorUnitario);
    return {
      posicao,
      tipo: i.tipo,
      materialId: i.tipo === 'material' ? (i.materialId ?? null) : null,
      descricao: i.descricao,
      quantidadeMilli,
      valorUnitarioCentavos,
      totalCentavos: itemTotalCentavos(quantidadeMilli, valorUnitarioCentavos),
    };
  });
  const subtotalCentavos = items.reduce((s, i) => s + i.totalCentavos, 0);
  if (items.some((i) => i.totalCentavos > MAX_CENTAVOS) || subtotalCentavos > MAX_CENTAVOS)
    throw badRequest(QUOTE_MSG.totalTooLarge, 'itens');
  const descontoCentavos = reaisToCentavos(input.desconto);
  if (descontoCentavos > subtotalCentavos) throw badRequest(QUOTE_MSG.discountOverTotal, 'desconto');
  return { items, subtotalCentavos, descontoCentavos, totalCentavos: subtotalCentavos - descontoCentavos };
}

/**
 * Each material item names an active material of the register, in whole numbers where its unit is counted
 * whole (docs/rules.md#quotes), 400 naming the item otherwise.
 */
async function checkMaterials(db: Db, input: QuoteInput) {
  const ids = [...new Set(input.itens.flatMap((i) => (i.tipo === 'material' && i.materialId ? [i.materialId] : [])))];
  const rows = ids.length
    ? await db
        .select({ id: materials.id, ativo: materials.ativo, unidade: materials.unidade })
        .from(materials)
        .where(inArray(materials.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  input.itens.forEach((item, n) => {
    if (item.tipo !== 'material' || !item.materialId) return;
    const material = byId.get(item.materialId);
    if (!material) throw badRequest(QUOTE_MSG.materialNotFound(n + 1), 'itens');
    if (!material.ativo) throw badRequest(QUOTE_MSG.materialInactive(n + 1), 'itens');
    if ('error' in quantityToMil(item.quantidade, material.unidade))
      throw badRequest(QUOTE_MSG.materialWhole(n + 1, material.unidade), 'itens');
  });
}

/** The client and its equipment must exist and belong together; validade not before today; materials of the register. */
async function checkRefs(db: Db, input: QuoteInput) {
  if (input.validade < businessToday()) throw badRequest(QUOTE_MSG.validadePast, 'validade');
  if (Number.isNaN(new Date(`${input.validade}T12:00:00Z`).getTime())) throw badRequest(QUOTE_MSG.validadeRequired, 'validade');
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clienteId)).limit(1);
  if (!client) throw badRequest(QUOTE_MSG.clientNotFound, 'clienteId');
  if (input.equipamentoId && !(await isClientEquipment(db, input.equipamentoId, input.clienteId)))
    throw badRequest(QUOTE_MSG.equipmentOther, 'equipamentoId');
  await checkMaterials(db, input);
}

async function nextQuoteNumber(db: Db): Promise<number> {
  const [row] = await db
    .insert(counters)
    .values({ name: 'quotes', value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}

const columnsOf = (input: QuoteInput, priced: ReturnType<typeof priceQuote>) => ({
  clientId: input.clienteId,
  equipmentId: input.equipamentoId ?? null,
  validade: input.validade,
  subtotalCentavos: priced.subtotalCentavos,
  descontoCentavos: priced.descontoCentavos,
  totalCentavos: priced.totalCentavos,
  observacao: input.observacao,
  condicoes: input.condicoes,
});

/** POST /api/orcamentos: a Rascunho with the next number. */
export async function createQuote(db: Db, user: SessionUser, input: QuoteInput): Promise<Quote> {
  const priced = priceQuote(input);
  await checkRefs(db, input);
  const id = await db.transaction(async (tx) => {
    const numero = await nextQuoteNumber(tx as unknown as Db);
    const [row] = await tx
      .insert(quotes)
      .values({ numero, ...columnsOf(input, priced), createdBy: user.id })
      .returning({ id: quotes.id });
    await tx.insert(quoteItems).values(priced.items.map((i) => ({ ...i, quoteId: row!.id })));
    await recordAudit(tx as unknown as Db, {
      entity: 'orcamento',
      entityId: row!.id,
      action: 'create',
      user,
      changes: { numero: quoteCode(numero), total: priced.totalCentavos / 100, itens: priced.items.length },
    });
    return row!.id;
  });
  return toQuote(await loadQuote(db, id));
}

/** Why a quote cannot be edited or decided, or null when it can (Rascunho or Enviado, not expired). */
export function lockedMessage(q: Pick<LoadedQuote, 'status'>): string | null {
  switch (q.status) {
    case 'Rascunho':
    case 'Enviado':
      return null;
    case 'Vencido':
      return QUOTE_MSG.expired;
    case 'Aprovado':
      return QUOTE_MSG.alreadyApproved;
    case 'Recusado':
      return QUOTE_MSG.alreadyRefused;
    default:
      return QUOTE_MSG.converted;
  }
}

/**
 * PUT /api/orcamentos/{id}: the whole quote again. A sent quote becomes a new version (versao + 1), back to
 * Rascunho, to be sent again; the items are replaced.
 */
export async function updateQuote(db: Db, user: SessionUser, id: number, input: QuoteInput): Promise<Quote> {
  const before = await loadQuote(db, id);
  const locked = lockedMessage(before);
  if (locked) throw conflict(locked);
  const priced = priceQuote(input);
  await checkRefs(db, input);
  const wasSent = before.row.status === 'Enviado';
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(quotes)
      .set({
        ...columnsOf(input, priced),
        status: 'Rascunho',
        versao: wasSent ? before.row.versao + 1 : before.row.versao,
        codigoEnviado: null,
        updatedAt: new Date(),
      })
      // Only the version read: a decision or another edit in between wins, this one answers 409.
      .where(and(eq(quotes.id, id), eq(quotes.versao, before.row.versao), eq(quotes.status, before.row.status)))
      .returning({ id: quotes.id });
    if (!changed) throw conflict(QUOTE_MSG.notEditable);
    await tx.delete(quoteItems).where(eq(quoteItems.quoteId, id));
    await tx.insert(quoteItems).values(priced.items.map((i) => ({ ...i, quoteId: id })));
    await recordAudit(tx as unknown as Db, {
      entity: 'orcamento',
      entityId: id,
      action: 'update',
      user,
      changes: {
        total: { antes: before.row.totalCentavos / 100, depois: priced.totalCentavos / 100 },
        ...(wasSent ? { versao: { antes: before.row.versao, depois: before.row.versao + 1 } } : {}),
      },
    });
  });
  return toQuote(await loadQuote(db, id));
}

/** GET /api/orcamentos: newest first, filtered by status (Vencido read from validade) and client. */
export async function listQuotes(db: Db, q: QuoteListQuery) {
  const today = businessToday();
  const open = inArray(quotes.status, ['Rascunho', 'Enviado']);
  const conds: (SQL | undefined)[] = [q.clienteId ? eq(quotes.clientId, q.clienteId) : undefined];
  if (q.status === 'Vencido') conds.push(and(open, lt(quotes.validade, today)));
  else if (q.status === 'Rascunho' || q.status === 'Enviado')
    conds.push(and(eq(quotes.status, q.status), sql`${quotes.validade} >= ${today}`));
  else if (q.status) conds.push(eq(quotes.status, q.status));
  const where = and(...conds);
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(quotes).where(where),
    db
      .select({ row: quotes, cliente: clients.razao, osNumero: orders.numero })
      .from(quotes)
      .innerJoin(clients, eq(clients.id, quotes.clientId))
      .leftJoin(orders, eq(orders.id, quotes.orderId))
      .where(where)
      .orderBy(desc(quotes.numero)),
    q,
  );
  return {
    items: rows.map((r) =>
      toQuoteSummary(r.row, r.cliente, r.row.orderId && r.osNumero ? { id: r.row.orderId, numero: r.osNumero } : null),
    ),
    total,
  };
}

/** The motivo of the order made from a quote: its number, its items and its note. */
function orderMotivo(q: LoadedQuote): string {
  const items = q.items.map((i) => `- ${i.descricao}`).join('\n');
  return [`${quoteCode(q.row.numero)}`, items, q.row.observacao].filter(Boolean).join('\n').slice(0, 2000);
}

/**
 * POST /api/orcamentos/{id}/gerar-os: an order for the quote's client and equipment, `orcamentoId` set, the
 * quote Convertido with the order's id; only an Aprovado quote (409 otherwise), once.
 */
export async function generateOrder(db: Db, user: SessionUser, id: number) {
  const q = await loadQuote(db, id);
  if (q.status !== 'Aprovado') throw conflict(q.status === 'Convertido' ? QUOTE_MSG.converted : QUOTE_MSG.notApproved);
  const order = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(quotes)
      .set({ status: 'Convertido', updatedAt: new Date() })
      .where(and(eq(quotes.id, id), eq(quotes.status, 'Aprovado')))
      .returning({ id: quotes.id });
    if (!claimed) throw conflict(QUOTE_MSG.converted);
    const created = await createOrder(tx as unknown as Db, user, {
      data: businessToday(),
      cliente: q.client.id,
      motivo: orderMotivo(q),
      equipamentoId: q.row.equipmentId ?? null,
    });
    await tx.update(orders).set({ orcamentoId: id }).where(eq(orders.id, created.id));
    await tx.update(quotes).set({ orderId: created.id }).where(eq(quotes.id, id));
    await recordAudit(tx as unknown as Db, {
      entity: 'orcamento',
      entityId: id,
      orderId: created.id,
      action: 'status',
      user,
      changes: { status: { antes: 'Aprovado', depois: 'Convertido' }, os: created.numero },
    });
    return created;
  });
  return { orcamento: toQuote(await loadQuote(db, id)), os: { id: order.id, numero: order.numero } };
}

/**
 * GET /api/os/{id}/orcamento: the quote an order was generated from, for the order view's link, with its material
 * items as the order's planned materials (the register's code and unit; not consumed until a line is written).
 */
export async function quoteOfOrder(db: Db, orderId: number): Promise<OrderQuote | null> {
  const [row] = await db
    .select({ id: quotes.id, numero: quotes.numero })
    .from(quotes)
    .where(eq(quotes.orderId, orderId))
    .limit(1);
  if (!row) return null;
  const planned = await db
    .select({
      materialId: materials.id,
      codigo: materials.codigo,
      descricao: quoteItems.descricao,
      quantidadeMilli: quoteItems.quantidadeMilli,
      unidade: materials.unidade,
    })
    .from(quoteItems)
    .innerJoin(materials, eq(materials.id, quoteItems.materialId))
    .where(and(eq(quoteItems.quoteId, row.id), eq(quoteItems.tipo, 'material')))
    .orderBy(asc(quoteItems.posicao));
  return {
    id: row.id,
    numero: row.numero,
    codigo: quoteCode(row.numero),
    materiais: planned.map(({ quantidadeMilli, ...m }) => ({ ...m, quantidade: quantidadeMilli / 1000 })),
  };
}
