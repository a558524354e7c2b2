import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { closings } from './closing';
import { createdAt, link, updatedAt } from './columns';

/** The company's PIX receiving data (docs/rules.md#pix): one row, id 1. */
export const pixSettings = pgTable('pix_settings', {
  id: integer('id').primaryKey(),
  chave: text('chave').notNull(),
  tipo: text('tipo').notNull(),
  nome: text('nome').notNull(),
  cidade: text('cidade').notNull(),
  updatedBy: link('updated_by', () => users.id, 'set null'),
  updatedAt: updatedAt(),
});

/**
 * The charge of a closing (docs/rules.md#pix): the BR Code as made when the charge was created (key, receiver,
 * amount, txid 'FECH' + number), kept so the code printed and the one shown never differ; paid or cancelled
 * by the office.
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: serial('id').primaryKey(),
    closingId: link('closing_id', () => closings.id, 'cascade')
      .notNull()
      .unique(),
    txid: text('txid').notNull().unique(),
    valorCentavos: integer('valor_centavos').notNull(),
    vencimento: date('vencimento').notNull(),
    payload: text('payload').notNull(),
    /** 'dinamica' when a bank's PIX API made the charge (PUT /cob/{txid}); its payload location then. */
    modo: text('modo', { enum: ['estatica', 'dinamica'] })
      .notNull()
      .default('estatica'),
    location: text('location'),
    status: text('status', { enum: ['Em aberto', 'Paga', 'Cancelada'] })
      .notNull()
      .default('Em aberto'),
    pagaEm: date('paga_em'),
    pagaPor: text('paga_por'),
    motivoCancelamento: text('motivo_cancelamento'),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pix_charges_status_idx').on(t.status, t.vencimento),
    check('pix_charges_status_ck', sql`${t.status} in ('Em aberto','Paga','Cancelada')`),
    check('pix_charges_valor_ck', sql`${t.valorCentavos} > 0`),
  ],
);
