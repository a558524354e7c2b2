/**
 * The database: every entity of docs/rules.md#entities and docs/rules.md. Money is integer centavos,
 * durations integer minutes, clock times Postgres `time`, days Postgres `date`.
 * Records of an order are deleted with it (the audit trail keeps the trace).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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

/** Only the SHA-256 of the cookie token is stored (docs/architecture.md#chosen-parts, Sessions). */
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

/**
 * Sign-in throttle counters (docs/rules.md#accounts): one row per account-and-address pair, per
 * account and per address. A try takes its place in the counter before the password is checked,
 * in one statement, so parallel tries get no more checks than serial ones.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  /** Account rows over their limit: when the next check of an address not yet known may run. */
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
});

/** One-time account-recovery links (docs/rules.md#fixed-defects); only the hash is stored. */
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
    /** 14 characters, no punctuation; alphanumeric CNPJ allowed (docs/rules.md#cnpj). */
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

/** People of a client who use the customer portal (docs/rules.md#portal); not users, no role. */
export const portalContacts = pgTable(
  'portal_contacts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    /**
     * Raised when the e-mail changes or the contact is deactivated: every link and session carries the
     * value of its issue, and one that no longer matches is refused (docs/rules.md#portal).
     */
    linkVersion: integer('link_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('portal_contacts_client_email_uq').on(t.clientId, sql`lower(${t.email})`),
    index('portal_contacts_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Single-use sign-in links of the portal: only the hash of the token is kept (docs/rules.md#portal). */
export const portalLinkTokens = pgTable(
  'portal_link_tokens',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => portalContacts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to, and the contact's link_version then. */
    email: text('email').notNull().default(''),
    linkVersion: integer('link_version').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('portal_link_tokens_contact_idx').on(t.contactId)],
);

/** Portal sessions, apart from the staff's: their own cookie and table (docs/rules.md#portal). */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => portalContacts.id, { onDelete: 'cascade' }),
    /** Taken from the link that opened the session: the address it was sent to, the contact's link_version. */
    email: text('email').notNull().default(''),
    linkVersion: integer('link_version').notNull().default(1),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portal_sessions_contact_idx').on(t.contactId)],
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

/** Hour bands of docs/rules.md#hours-and-closing ('Km Rodado' is R$ per km; its times are unused). */
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
    /**
     * The planned window on the company's clock (docs/rules.md#agenda): wall-clock times without a
     * zone, both null (unscheduled) or both set with the end after the start.
     */
    agendaInicio: timestamp('agenda_inicio', { mode: 'string' }),
    agendaFim: timestamp('agenda_fim', { mode: 'string' }),
    /** The iCalendar SEQUENCE of the order's invitation: raised at each change of window or technician. */
    agendaSequencia: integer('agenda_sequencia').notNull().default(0),
    /** Generated by POST /api/manutencoes/gerar: its conclusion moves the plan's next date (docs/rules.md#equipment). */
    preventiva: boolean('preventiva').notNull().default(false),
    /** The client's registered equipment the order is for, or null (docs/rules.md#equipment). */
    equipmentId: integer('equipamento_id').references((): AnyPgColumn => equipment.id, { onDelete: 'restrict' }),
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
    index('orders_agenda_idx').on(t.technicianId, t.agendaInicio).where(sql`${t.agendaInicio} is not null`),
    index('orders_equipamento_idx').on(t.equipmentId).where(sql`${t.equipmentId} is not null`),
    index('orders_agenda_inicio_idx').on(t.agendaInicio).where(sql`${t.agendaInicio} is not null`),
    check(
      'orders_agenda_ck',
      sql`(${t.agendaInicio} is null) = (${t.agendaFim} is null) and (${t.agendaFim} is null or ${t.agendaFim} > ${t.agendaInicio})`,
    ),
    check('orders_status_ck', sql`${t.status} in ('Aberto','Andamento','Concluído','Fechado')`),
  ],
);

/**
 * A client's machine (docs/rules.md#equipment): one serial per manufacturer, case ignored; a preventive
 * plan when `periodicidadeMeses` is set, its next visit in `proximaManutencao`.
 */
export const equipment = pgTable(
  'equipment',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    tipo: text('tipo').notNull(),
    fabricante: text('fabricante').notNull().default(''),
    modelo: text('modelo').notNull().default(''),
    numeroSerie: text('numero_serie').notNull(),
    local: text('local').notNull().default(''),
    dataInstalacao: date('data_instalacao', { mode: 'string' }),
    periodicidadeMeses: integer('periodicidade_meses'),
    proximaManutencao: date('proxima_manutencao', { mode: 'string' }),
    ativo: boolean('ativo').notNull().default(true),
    obs: text('obs').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('equipment_fabricante_serie_uq').on(sql`lower(${t.fabricante})`, sql`lower(${t.numeroSerie})`),
    index('equipment_client_idx').on(t.clientId),
    index('equipment_proxima_idx').on(t.proximaManutencao).where(sql`${t.ativo} and ${t.periodicidadeMeses} is not null`),
    check('equipment_periodicidade_ck', sql`${t.periodicidadeMeses} is null or (${t.periodicidadeMeses} between 1 and 120)`),
  ],
);

/** Count of orders per status, kept by a trigger so list totals never scan (docs/architecture.md#measurements). */
/**
 * Requests for service from the customer portal (docs/rules.md#portal): 'Recebida' until the office
 * converts it into an order ('Convertida', with the order's number kept) or refuses it ('Recusada', with the reason).
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => portalContacts.id, { onDelete: 'set null' }),
    /** Where the e-mails of each change go (kept when the contact is removed). */
    contactEmail: text('contact_email').notNull(),
    equipmentId: integer('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    motivo: text('motivo').notNull(),
    urgencia: text('urgencia', { enum: ['Baixa', 'Média', 'Alta'] }).notNull(),
    contato: text('contato').notNull().default(''),
    fone: text('fone').notNull().default(''),
    estado: text('estado', { enum: ['Recebida', 'Convertida', 'Recusada'] })
      .notNull()
      .default('Recebida'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumero: integer('order_numero'),
    motivoRecusa: text('motivo_recusa'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('service_requests_client_idx').on(t.clientId, t.createdAt), index('service_requests_estado_idx').on(t.estado)],
);

/** The photos of a request, in the order sent; served only through routes that check who asks. */
export const serviceRequestPhotos = pgTable(
  'service_request_photos',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    imagem: text('imagem').notNull(),
  },
  (t) => [index('service_request_photos_request_idx').on(t.requestId)],
);

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
    /** Storage key of the exact attachment sent, and its verification code (docs/rules.md#beyond-the-old-product). */
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

/** Closings (fechamentos, docs/rules.md#order-life-cycle, docs/rules.md#hours-and-closing) with the figures and parameter values used. */
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

/** Audit trail (docs/rules.md#order-life-cycle): who, when, what changed. No foreign keys: it outlives its rows. */
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

/**
 * A portal contact's decision on a Concluído order (docs/rules.md#portal): 'aprovacao' with the typed
 * name and an optional drawn signature, or 'contestacao' with the reason. Evidence: who (kept when the
 * contact is removed), when, from which address and browser, and the verification code of the PDF
 * shown. One decision per version of the order (`versao`: the code of its content without decisions).
 */
export const orderDecisions = pgTable(
  'order_decisions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => portalContacts.id, { onDelete: 'set null' }),
    contatoNome: text('contato_nome').notNull(),
    contatoEmail: text('contato_email').notNull(),
    tipo: text('tipo', { enum: ['aprovacao', 'contestacao'] }).notNull(),
    /** The name typed by who approves; the contact's name on a contest. */
    nome: text('nome').notNull(),
    motivo: text('motivo'),
    /** Storage key of the drawn signature (PNG), when one was drawn. */
    assinatura: text('assinatura'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    versao: text('versao').notNull(),
    codigoPdf: text('codigo_pdf').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_decisions_version_uq').on(t.orderId, t.versao),
    check('order_decisions_tipo_ck', sql`${t.tipo} in ('aprovacao','contestacao')`),
  ],
);

/** The contact's rating of an approved visit, once per order, with the technician of the visit (docs/rules.md#portal). */
export const orderRatings = pgTable(
  'order_ratings',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => portalContacts.id, { onDelete: 'set null' }),
    contatoNome: text('contato_nome').notNull(),
    technicianId: integer('technician_id').references(() => users.id, { onDelete: 'set null' }),
    nota: integer('nota').notNull(),
    comentario: text('comentario').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_ratings_order_uq').on(t.orderId),
    index('order_ratings_technician_idx').on(t.technicianId),
    check('order_ratings_nota_ck', sql`${t.nota} between 1 and 5`),
  ],
);
