import { index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** A plan as a person was told it: technician and window ('YYYY-MM-DDTHH:mm'). */
export interface ToldPlan {
  technicianId: number | null;
  agendaInicio: string | null;
  agendaFim: string | null;
}

/** Who made the last change of the plan: the sender's name and the sent-mail history's user. */
export interface NoticeAuthor {
  id: number;
  username: string;
  nome_completo: string;
  email: string;
  role: string;
}

/**
 * Notices that settle (docs/rules.md#notices-that-settle): one row per order whose plan was ever
 * announced. `pendingSince` is the last change not yet told (null: nothing waits); the notice goes once
 * the plan has been unchanged for NOTICE_DELAY_MINUTES. `toldTechnician` and `toldClient` are what each
 * side was last told, so a plan that returns to it sends nothing. No foreign key: a deleted order's
 * technician still gets the cancellation.
 */
export const agendaNotices = pgTable(
  'agenda_notices',
  {
    orderId: integer('order_id').primaryKey(),
    numero: integer('numero').notNull(),
    pendingSince: timestamp('pending_since', { withTimezone: true, mode: 'date' }),
    /** The iCalendar SEQUENCE of the last change. */
    sequence: integer('sequence').notNull().default(0),
    changedBy: jsonb('changed_by').$type<NoticeAuthor>().notNull(),
    toldTechnician: jsonb('told_technician').$type<ToldPlan | null>(),
    toldClient: jsonb('told_client').$type<ToldPlan | null>(),
  },
  (t) => [index('agenda_notices_pending_idx').on(t.pendingSince)],
);
