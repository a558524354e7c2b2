/**
 * The database: every entity of spec §3 and DECISIONS.md. Money is integer centavos,
 * durations integer minutes, clock times Postgres `time`, days Postgres `date`.
 * Records of an order are deleted with it (the audit trail keeps the trace).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nomeCompleto: text('nome_completo').notNull().default(''),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user', 'tec'] }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    check('users_role_ck', sql`${t.role} in ('admin','user','tec')`),
  ],
);

/** Only the SHA-256 of the cookie token is stored (ARCHITECTURE.md, Sessions). */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Sign-in attempts, for the lockout of repeated failures per username and per address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_username_idx').on(t.username, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

/** One-time account-recovery links (DECISIONS.md §2); only the hash is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

/** Named counters handed out atomically (order numero, client codigo, closing numero). */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    codigo: integer('codigo').notNull().unique(),
    razao: text('razao').notNull(),
    fantasia: text('fantasia').notNull().default(''),
    /** 14 characters, no punctuation; alphanumeric CNPJ allowed (DECISIONS.md §2b). */
    cnpj: varchar('cnpj', { length: 14 }).notNull().unique(),
    cep: varchar('cep', { length: 8 }).notNull().default(''),
    endereco: text('endereco').notNull().default(''),
    bairro: text('bairro').notNull().default(''),
    cidade: text('cidade').notNull().default(''),
    estado: varchar('estado', { length: 2 }).notNull().default(''),
    contato: text('contato').notNull().default(''),
    email: text('email').notNull().default(''),
    fone: text('fone').notNull().default(''),
    percentual: numeric('percentual', { precision: 8, scale: 4 }).notNull().default('1.35'),
    obs: text('obs').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('clients_razao_lower_idx').on(sql`lower(${t.razao})`)],
);

export const expenseTypes = pgTable(
  'expense_types',
  {
    id: serial('id').primaryKey(),
    despesa: text('despesa').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('expense_types_despesa_lower_uq').on(sql`lower(${t.despesa})`)],
);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  nome: text('nome').notNull(),
  cnpj: varchar('cnpj', { length: 14 }).notNull().default(''),
  ie: text('ie').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Hour bands of DECISIONS.md §6 ('Km Rodado' is R$ per km; its times are unused). */
export const systemParameters = pgTable('system_parameters', {
  id: serial('id').primaryKey(),
  tipo: text('tipo').notNull().unique(),
  inicio: time('inicio').notNull(),
  fim: time('fim').notNull(),
  valorCentavos: integer('valor_centavos').notNull().default(0),
  updatedAt: updatedAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    numero: integer('numero').notNull().unique(),
    data: date('data', { mode: 'string' }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    responsavel: text('responsavel').notNull().default(''),
    cidade: text('cidade').notNull().default(''),
    technicianId: integer('technician_id').references(() => users.id, { onDelete: 'restrict' }),
    equipamento: text('equipamento').notNull().default(''),
    nrPeca: text('nr_peca').notNull().default(''),
    nrSerie: text('nr_serie').notNull().default(''),
    motivo: text('motivo').notNull().default(''),
    status: text('status', { enum: ['Aberto', 'Andamento', 'Concluído', 'Fechado'] })
      .notNull()
      .default('Aberto'),
    endDate: date('end_date', { mode: 'string' }),
    /** Storage keys of the generated PDFs; the API's `pdf`/`pdfcompleto` flags derive from them. */
    pdfFile: text('pdf_file'),
    pdfcompletoFile: text('pdfcompleto_file'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_status_numero_idx').on(t.status, t.numero),
    index('orders_client_idx').on(t.clientId),
    index('orders_technician_idx').on(t.technicianId, t.status),
    index('orders_data_idx').on(t.data),
    check('orders_status_ck', sql`${t.status} in ('Aberto','Andamento','Concluído','Fechado')`),
  ],
);

/** Count of orders per status, kept by a trigger so list totals never scan (ARCHITECTURE.md). */
export const orderStatusCounts = pgTable('order_status_counts', {
  status: text('status').primaryKey(),
  count: integer('count').notNull().default(0),
});

/** Columns every record of an order carries: who made it, and the device's idempotency key. */
const recordColumns = () => ({
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
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
    expenseTypeId: integer('expense_type_id')
      .notNull()
      .references(() => expenseTypes.id, { onDelete: 'restrict' }),
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

export const sentEmails = pgTable(
  'sent_emails',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo').notNull(),
    numero: text('numero').notNull(),
    email: text('email').notNull(),
    nomeCliente: text('nome_cliente').notNull().default(''),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    usuario: text('usuario').notNull(),
    subject: text('subject').notNull(),
    mensagem: text('mensagem').notNull().default(''),
    status: text('status', { enum: ['Enviado', 'Falha'] }).notNull(),
    erro: text('erro'),
    /** Storage key of the exact attachment sent, and its verification code (DECISIONS.md §7). */
    anexoFile: text('anexo_file'),
    anexoHash: text('anexo_hash'),
    dataEnvio: timestamp('data_envio', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sent_emails_data_idx').on(t.dataEnvio), index('sent_emails_tipo_numero_idx').on(t.tipo, t.numero)],
);

export const uploadedDocuments = pgTable(
  'uploaded_documents',
  {
    id: serial('id').primaryKey(),
    filename: text('filename').notNull().unique(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_documents_at_idx').on(t.uploadedAt)],
);

/** Closings (fechamentos, DECISIONS.md §5-§6) with the figures and parameter values used. */
export const closings = pgTable('closings', {
  id: serial('id').primaryKey(),
  numero: integer('numero').notNull().unique(),
  status: text('status', { enum: ['Fechado', 'Reaberto'] })
    .notNull()
    .default('Fechado'),
  totalCentavos: integer('total_centavos').notNull().default(0),
  figures: jsonb('figures').notNull(),
  pdfFile: text('pdf_file'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  reopenedAt: timestamp('reopened_at', { withTimezone: true }),
  reopenReason: text('reopen_reason'),
});

export const closingOrders = pgTable(
  'closing_orders',
  {
    closingId: integer('closing_id')
      .notNull()
      .references(() => closings.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.closingId, t.orderId] }), index('closing_orders_order_idx').on(t.orderId)],
);

/** Audit trail (DECISIONS.md §5): who, when, what changed. No foreign keys: it outlives its rows. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    orderId: integer('order_id'),
    action: text('action', { enum: ['create', 'update', 'delete', 'status', 'reopen'] }).notNull(),
    userId: integer('user_id'),
    username: text('username').notNull().default(''),
    changes: jsonb('changes'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_order_idx').on(t.orderId, t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
