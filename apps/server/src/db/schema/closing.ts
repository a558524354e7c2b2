import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, link } from './columns';
import { orders } from './orders';

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
  createdBy: link('created_by', () => users.id, 'set null'),
  createdAt: createdAt(),
  reopenedAt: timestamp('reopened_at', { withTimezone: true }),
  reopenReason: text('reopen_reason'),
});

export const closingOrders = pgTable(
  'closing_orders',
  {
    closingId: link('closing_id', () => closings.id, 'cascade').notNull(),
    orderId: link('order_id', () => orders.id, 'restrict').notNull(),
  },
  (t) => [primaryKey({ columns: [t.closingId, t.orderId] }), index('closing_orders_order_idx').on(t.orderId)],
);
