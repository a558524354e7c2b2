import { boolean, date, index, integer, numeric, pgTable, serial, text, time, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, link, updatedAt } from './columns';
import { orders } from './orders';
import { expenseTypes } from './registers';

/** Columns every record of an order carries: who made it, and the device's idempotency key. */
export const recordColumns = () => ({
  id: serial('id').primaryKey(),
  orderId: link('order_id', () => orders.id, 'cascade').notNull(),
  createdBy: link('created_by', () => users.id, 'set null'),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const outboundTrips = pgTable(
  'outbound_trips',
  {
    ...recordColumns(),
    dataida: date('dataida', { mode: 'string' }).notNull(),
    saidaida: time('saidaida').notNull(),
    chegadaida: time('chegadaida').notNull(),
    duracaoMin: integer('duracao_min').notNull(),
    kmida: numeric('kmida', { precision: 10, scale: 1 }).notNull(),
    obsida: text('obsida').notNull().default(''),
  },
  (t) => [index('outbound_trips_order_idx').on(t.orderId)],
);

export const serviceEntries = pgTable(
  'service_entries',
  {
    ...recordColumns(),
    dataservico: date('dataservico', { mode: 'string' }).notNull(),
    feriado: boolean('feriado').notNull().default(false),
    entradaservico: time('entradaservico').notNull(),
    saidaservico: time('saidaservico').notNull(),
    intervaloMin: integer('intervalo_min').notNull().default(0),
    duracaoMin: integer('duracao_min').notNull(),
  },
  (t) => [index('service_entries_order_idx').on(t.orderId, t.dataservico)],
);

export const returnTrips = pgTable(
  'return_trips',
  {
    ...recordColumns(),
    datavolta: date('datavolta', { mode: 'string' }).notNull(),
    saidavolta: time('saidavolta').notNull(),
    chegadavolta: time('chegadavolta').notNull(),
    tempoEsperaMin: integer('tempo_espera_min').notNull().default(0),
    duracaoMin: integer('duracao_min').notNull(),
    kmvolta: numeric('kmvolta', { precision: 10, scale: 1 }).notNull(),
    obsvolta: text('obsvolta').notNull().default(''),
  },
  (t) => [index('return_trips_order_idx').on(t.orderId)],
);

export const descriptions = pgTable(
  'descriptions',
  {
    ...recordColumns(),
    data: date('data', { mode: 'string' }).notNull(),
    descricao: text('descricao').notNull(),
    /** Storage key of the photo, never a name chosen by the user. */
    imagem: text('imagem'),
  },
  (t) => [index('descriptions_order_idx').on(t.orderId, t.data)],
);

export const expenses = pgTable(
  'expenses',
  {
    ...recordColumns(),
    data: date('data', { mode: 'string' }).notNull(),
    docnr: text('docnr').notNull(),
    valorCentavos: integer('valor_centavos').notNull(),
    observacao: text('observacao').notNull().default(''),
    descricao: text('descricao').notNull(),
    expenseTypeId: link('expense_type_id', () => expenseTypes.id, 'restrict').notNull(),
    imagem: text('imagem'),
  },
  (t) => [index('expenses_order_idx').on(t.orderId, t.data), index('expenses_type_idx').on(t.expenseTypeId)],
);

/** The customer's signature: one per order; signing again replaces it (audited). */
export const signatures = pgTable(
  'signatures',
  {
    ...recordColumns(),
    imagem: text('imagem').notNull(),
    signerName: text('signer_name').notNull().default(''),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signatures_order_uq').on(t.orderId)],
);
