import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
