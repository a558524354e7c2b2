import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, link, updatedAt } from './columns';
import { equipment } from './equipment';
import { orders } from './orders';
import { decisionColumns } from './portal';
import { clients } from './registers';

/**
 * Quotes (docs/rules.md#quotes): numbered per company ('ORC 00012'), money in centavos. `status` keeps
 * Rascunho, Enviado, Aprovado, Recusado or Convertido; Vencido is read from `validade`. `versao` rises with
 * each edit of a sent quote; `codigoEnviado` is the verification code of the PDF that went out.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    numero: integer('numero').notNull().unique(),
    clientId: link('client_id', () => clients.id, 'restrict').notNull(),
    equipmentId: link('equipamento_id', () => equipment.id, 'set null'),
    validade: date('validade').notNull(),
    status: text('status', { enum: ['Rascunho', 'Enviado', 'Aprovado', 'Recusado', 'Convertido'] })
      .notNull()
      .default('Rascunho'),
    versao: integer('versao').notNull().default(1),
    subtotalCentavos: integer('subtotal_centavos').notNull(),
    descontoCentavos: integer('desconto_centavos').notNull().default(0),
    totalCentavos: integer('total_centavos').notNull(),
    observacao: text('observacao').notNull().default(''),
    condicoes: text('condicoes').notNull().default(''),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    codigoEnviado: text('codigo_enviado'),
    orderId: link('order_id', () => orders.id, 'set null'),
    createdBy: link('created_by', () => users.id, 'set null'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quotes_client_idx').on(t.clientId),
    index('quotes_status_idx').on(t.status),
    check('quotes_status_ck', sql`${t.status} in ('Rascunho','Enviado','Aprovado','Recusado','Convertido')`),
    check('quotes_total_ck', sql`${t.totalCentavos} >= 0 and ${t.descontoCentavos} >= 0`),
  ],
);

/** A quote's items, in the order typed; quantities in thousandths, money in centavos. */
export const quoteItems = pgTable(
  'quote_items',
  {
    id: serial('id').primaryKey(),
    quoteId: link('quote_id', () => quotes.id, 'cascade').notNull(),
    posicao: integer('posicao').notNull(),
    tipo: text('tipo', { enum: ['servico', 'material'] }).notNull(),
    /** The material of the register (docs/rules.md#quotes); kept as a number, the register may remove it. */
    materialId: integer('material_id'),
    descricao: text('descricao').notNull(),
    quantidadeMilli: integer('quantidade_milli').notNull(),
    valorUnitarioCentavos: integer('valor_unitario_centavos').notNull(),
    totalCentavos: integer('total_centavos').notNull(),
  },
  (t) => [
    index('quote_items_quote_idx').on(t.quoteId, t.posicao),
    check('quote_items_tipo_ck', sql`${t.tipo} in ('servico','material')`),
    check('quote_items_values_ck', sql`${t.quantidadeMilli} > 0 and ${t.valorUnitarioCentavos} >= 0`),
  ],
);

/**
 * A portal contact's decision on a sent quote (docs/rules.md#quotes), with the evidence of decisionColumns.
 * One decision per version of a quote.
 */
export const quoteDecisions = pgTable(
  'quote_decisions',
  {
    id: serial('id').primaryKey(),
    quoteId: link('quote_id', () => quotes.id, 'cascade').notNull(),
    ...decisionColumns(['aprovacao', 'recusa'], integer('versao').notNull()),
  },
  (t) => [
    uniqueIndex('quote_decisions_version_uq').on(t.quoteId, t.versao),
    check('quote_decisions_tipo_ck', sql`${t.tipo} in ('aprovacao','recusa')`),
  ],
);
