/**
 * A quote read back (docs/rules.md#quotes): its row, items, client, equipment, order and decisions, and the
 * status as read ('Vencido' once its validade day has ended on the company's clock).
 */
import {
  businessToday,
  QUOTE_MSG,
  type Quote,
  type QuoteStatus,
  type QuoteSummary,
  quoteCode,
  type StoredQuoteStatus,
} from '@os/shared';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plateColumns } from '../../db/plate-columns';
import { clients, equipment, orders, quoteDecisions, quoteItems, quotes } from '../../db/schema';
import { notFound } from '../../platform/errors';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;
export type DecisionRow = typeof quoteDecisions.$inferSelect;

/** Rascunho and Enviado turn Vencido after their validade day; decided ones keep their status. */
export function readStatus(status: StoredQuoteStatus, validade: string, today = businessToday()): QuoteStatus {
  return (status === 'Rascunho' || status === 'Enviado') && validade < today ? 'Vencido' : status;
}

export const equipmentLabel = (e: { tipo: string; fabricante: string; modelo: string; numeroSerie: string } | null) =>
  e ? [e.tipo, e.fabricante, e.modelo].filter(Boolean).join(' ') + (e.numeroSerie ? ` (série ${e.numeroSerie})` : '') : '';

/** Everything a quote's screen, PDF and decisions need. */
export interface LoadedQuote {
  row: QuoteRow;
  items: QuoteItemRow[];
  client: { id: number; razao: string; cnpj: string; cidade: string };
  equipamento: string;
  order: { id: number; numero: number } | null;
  decisions: DecisionRow[];
  status: QuoteStatus;
}

export async function loadQuote(db: Db, id: number): Promise<LoadedQuote> {
  const [found] = await db
    .select({
      row: quotes,
      client: { id: clients.id, razao: clients.razao, cnpj: clients.cnpj, cidade: clients.cidade },
      eq: plateColumns,
      orderNumero: orders.numero,
    })
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .leftJoin(equipment, eq(equipment.id, quotes.equipmentId))
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(eq(quotes.id, id))
    .limit(1);
  if (!found) throw notFound(QUOTE_MSG.notFound);
  const [items, decisions] = await Promise.all([
    db.select().from(quoteItems).where(eq(quoteItems.quoteId, id)).orderBy(asc(quoteItems.posicao)),
    db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, id)).orderBy(desc(quoteDecisions.id)),
  ]);
  return {
    row: found.row,
    items,
    client: found.client,
    equipamento: equipmentLabel(found.eq?.tipo ? (found.eq as Parameters<typeof equipmentLabel>[0]) : null),
    order: found.row.orderId && found.orderNumero ? { id: found.row.orderId, numero: found.orderNumero } : null,
    decisions,
    status: readStatus(found.row.status, found.row.validade),
  };
}

/** The API's shape; `evidence` false leaves the address and browser out (the portal's copy). */
export function toQuote(q: LoadedQuote, evidence = true): Quote {
  const approval = q.decisions.find((d) => d.tipo === 'aprovacao' && d.versao === q.row.versao) ?? null;
  const refusal = q.decisions.find((d) => d.tipo === 'recusa' && d.versao === q.row.versao) ?? null;
  return {
    id: q.row.id,
    numero: q.row.numero,
    codigo: quoteCode(q.row.numero),
    clienteId: q.client.id,
    cliente: q.client.razao,
    equipamentoId: q.row.equipmentId,
    equipamento: q.equipamento,
    validade: q.row.validade,
    status: q.status,
    versao: q.row.versao,
    itens: q.items.map((i) => ({
      tipo: i.tipo,
      materialId: i.materialId,
      descricao: i.descricao,
      quantidade: i.quantidadeMilli / 1000,
      valorUnitario: i.valorUnitarioCentavos / 100,
      total: i.totalCentavos / 100,
    })),
    subtotal: q.row.subtotalCentavos / 100,
    desconto: q.row.descontoCentavos / 100,
    total: q.row.totalCentavos / 100,
    observacao: q.row.observacao,
    condicoes: q.row.condicoes,
    enviadoEm: q.row.enviadoEm ? q.row.enviadoEm.toISOString() : null,
    os: q.order,
    aprovacao: approval
      ? {
          contato: approval.contatoNome,
          email: approval.contatoEmail,
          nome: approval.nome,
          em: approval.createdAt.toISOString(),
          ip: evidence ? approval.ip : '',
          navegador: evidence ? approval.userAgent : '',
          codigoPdf: approval.codigoPdf,
          versao: approval.versao,
          assinatura: !!approval.assinatura,
        }
      : null,
    recusa: refusal
      ? {
          contato: refusal.contatoNome,
          email: refusal.contatoEmail,
          motivo: refusal.motivo ?? '',
          em: refusal.createdAt.toISOString(),
          versao: refusal.versao,
        }
      : null,
    createdAt: q.row.createdAt.toISOString(),
  };
}

export const toQuoteSummary = (r: QuoteRow, cliente: string, order: QuoteSummary['os']): QuoteSummary => ({
  id: r.id,
  numero: r.numero,
  codigo: quoteCode(r.numero),
  cliente,
  validade: r.validade,
  status: readStatus(r.status, r.validade),
  versao: r.versao,
  total: r.totalCentavos / 100,
  enviadoEm: r.enviadoEm ? r.enviadoEm.toISOString() : null,
  os: order,
});
