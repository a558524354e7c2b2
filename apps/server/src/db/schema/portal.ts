import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, link, updatedAt } from './columns';
import { equipment } from './equipment';
import { orders } from './orders';
import { clients } from './registers';

/** People of a client who use the customer portal (docs/rules.md#portal); not users, no role. */
export const portalContacts = pgTable(
  'portal_contacts',
  {
    id: serial('id').primaryKey(),
    clientId: link('client_id', () => clients.id, 'cascade').notNull(),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    /** E.164 (+55…) and the consent to WhatsApp messages (docs/rules.md#whatsapp). */
    whatsapp: text('whatsapp'),
    aceitaWhatsapp: boolean('aceita_whatsapp').notNull().default(false),
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
    contactId: link('contact_id', () => portalContacts.id, 'cascade').notNull(),
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
    contactId: link('contact_id', () => portalContacts.id, 'cascade').notNull(),
    /** Taken from the link that opened the session: the address it was sent to, the contact's link_version. */
    email: text('email').notNull().default(''),
    linkVersion: integer('link_version').notNull().default(1),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portal_sessions_contact_idx').on(t.contactId)],
);

/**
 * The evidence a portal contact's decision keeps, the same on an order and a quote (docs/rules.md#portal,
 * docs/rules.md#quotes): who (kept when the contact is removed), what (`tipos`), the typed name, the reason,
 * the drawn signature, from which address and browser, the version decided and its PDF's verification code, when.
 */
export const decisionColumns = <U extends string, T extends Readonly<[U, ...U[]]>, V>(tipos: T, versao: V) => ({
  contactId: link('contact_id', () => portalContacts.id, 'set null'),
  contatoNome: text('contato_nome').notNull(),
  contatoEmail: text('contato_email').notNull(),
  tipo: text('tipo', { enum: tipos }).notNull(),
  /** The name typed by who approves; the contact's name on a contest. */
  nome: text('nome').notNull(),
  motivo: text('motivo'),
  /** Storage key of the drawn signature (PNG), when one was drawn. */
  assinatura: text('assinatura'),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  versao,
  codigoPdf: text('codigo_pdf').notNull(),
  createdAt: createdAt(),
});

/**
 * A portal contact's decision on a Concluído order (docs/rules.md#portal): 'aprovacao' with the typed
 * name and an optional drawn signature, or 'contestacao' with the reason. One decision per version of
 * the order (`versao`: the code of its content without decisions).
 */
export const orderDecisions = pgTable(
  'order_decisions',
  {
    id: serial('id').primaryKey(),
    orderId: link('order_id', () => orders.id, 'cascade').notNull(),
    ...decisionColumns(['aprovacao', 'contestacao'], text('versao').notNull()),
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
    orderId: link('order_id', () => orders.id, 'cascade').notNull(),
    contactId: link('contact_id', () => portalContacts.id, 'set null'),
    contatoNome: text('contato_nome').notNull(),
    technicianId: link('technician_id', () => users.id, 'set null'),
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

/**
 * Requests for service from the customer portal (docs/rules.md#portal): 'Recebida' until the office
 * converts it into an order ('Convertida', with the order's number kept) or refuses it ('Recusada', with the reason).
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    clientId: link('client_id', () => clients.id, 'cascade').notNull(),
    contactId: link('contact_id', () => portalContacts.id, 'set null'),
    /** Where the e-mails of each change go (kept when the contact is removed). */
    contactEmail: text('contact_email').notNull(),
    equipmentId: link('equipment_id', () => equipment.id, 'set null'),
    motivo: text('motivo').notNull(),
    urgencia: text('urgencia', { enum: ['Baixa', 'Média', 'Alta'] }).notNull(),
    contato: text('contato').notNull().default(''),
    fone: text('fone').notNull().default(''),
    estado: text('estado', { enum: ['Recebida', 'Convertida', 'Recusada'] })
      .notNull()
      .default('Recebida'),
    orderId: link('order_id', () => orders.id, 'set null'),
    orderNumero: integer('order_numero'),
    motivoRecusa: text('motivo_recusa'),
    decidedBy: link('decided_by', () => users.id, 'set null'),
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
    requestId: link('request_id', () => serviceRequests.id, 'cascade').notNull(),
    imagem: text('imagem').notNull(),
  },
  (t) => [index('service_request_photos_request_idx').on(t.requestId)],
);
