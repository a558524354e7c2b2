import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, link } from './columns';
import { orders } from './orders';
import { portalContacts } from './portal';
import { clients } from './registers';

/**
 * The WhatsApp outbox and its history in one table (docs/rules.md#whatsapp): a row is written with a
 * unique key in the same transaction as the change it tells of; a worker in each process claims due
 * rows (row lock, skip locked, a lease), sends them and records the provider's id; the provider's
 * webhook moves the status forward (Enviado, Entregue, Lido) or to Falha.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: serial('id').primaryKey(),
    /** One message per event and recipient: a second write of the same event adds nothing. */
    chave: text('chave').notNull(),
    evento: text('evento').notNull(),
    orderId: link('order_id', () => orders.id, 'set null'),
    osNumero: integer('os_numero'),
    clientId: link('client_id', () => clients.id, 'set null'),
    nomeCliente: text('nome_cliente').notNull().default(''),
    /** The recipient: a portal contact or a user (technician), its name and E.164 number at the time. */
    contactId: link('contact_id', () => portalContacts.id, 'set null'),
    recipientUserId: link('recipient_user_id', () => users.id, 'set null'),
    destinatario: text('destinatario').notNull(),
    destinatarioNome: text('destinatario_nome').notNull().default(''),
    /** The template's setting, its name and its parameters, and the same text written out (Evolution sends it). */
    modeloConfig: text('modelo_config').notNull(),
    modelo: text('modelo').notNull(),
    parametros: jsonb('parametros').$type<string[]>().notNull(),
    texto: text('texto').notNull(),
    /** The plan a scheduling message tells (technician and window), to send nothing when it was already told. */
    plano: text('plano'),
    status: text('status', { enum: ['Pendente', 'Enviado', 'Entregue', 'Lido', 'Falha', 'Substituída'] })
      .notNull()
      .default('Pendente'),
    erro: text('erro'),
    tentativas: integer('tentativas').notNull().default(0),
    /** Not sent before this moment: the settling delay of scheduling, then the backoff of retries. */
    enviarApos: timestamp('enviar_apos', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: another process takes the row only once it has passed. */
    bloqueadoAte: timestamp('bloqueado_ate', { withTimezone: true }),
    provedor: text('provedor'),
    /** The provider's id of the message (Meta's wamid, Evolution's key id): what its webhook names. */
    provedorId: text('provedor_id'),
    usuario: text('usuario').notNull().default(''),
    createdAt: createdAt(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_chave_uq').on(t.chave),
    index('whatsapp_messages_due_idx').on(t.enviarApos).where(sql`${t.status} = 'Pendente'`),
    index('whatsapp_messages_provedor_idx').on(t.provedorId),
    index('whatsapp_messages_order_idx').on(t.orderId, t.evento),
    index('whatsapp_messages_created_idx').on(t.createdAt),
    check('whatsapp_messages_status_ck', sql`${t.status} in ('Pendente','Enviado','Entregue','Lido','Falha','Substituída')`),
  ],
);
