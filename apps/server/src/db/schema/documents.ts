import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { link } from './columns';
import { clients } from './registers';

export const sentEmails = pgTable(
  'sent_emails',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo').notNull(),
    numero: text('numero').notNull(),
    email: text('email').notNull(),
    nomeCliente: text('nome_cliente').notNull().default(''),
    clientId: link('client_id', () => clients.id, 'set null'),
    userId: link('user_id', () => users.id, 'set null'),
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
    uploadedBy: link('uploaded_by', () => users.id, 'set null'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_documents_at_idx').on(t.uploadedAt)],
);
