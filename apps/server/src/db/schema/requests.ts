import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { equipment } from './equipment';
import { orders } from './orders';
import { portalContacts } from './portal';
import { clients } from './registers';

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
