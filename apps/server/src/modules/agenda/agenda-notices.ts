/**
 * Notices that settle (docs/rules.md#notices-that-settle): a change of an order's plan is recorded with
 * the write, and its notices go once the plan has been unchanged for NOTICE_DELAY_MINUTES, carrying only
 * the final window and technician. A person whose last notice already says the final plan gets nothing;
 * a technician taken off gets one cancellation. 'Avisar agora' sends what waits at once.
 */
import type { SessionUser } from '@os/shared';
import { and, asc, eq, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendaNotices, type ToldPlan } from '../../db/schema';
import type { AgendaChange, AgendaPlan } from './agenda-plan';
import { storedPlan } from './agenda-plan';

/** A plan that puts someone somewhere, or null. */
export function scheduledPlan(plan: AgendaPlan | ToldPlan | null | undefined): AgendaPlan | null {
  if (!plan?.technicianId || !plan.agendaInicio || !plan.agendaFim) return null;
  return { technicianId: plan.technicianId, agendaInicio: plan.agendaInicio, agendaFim: plan.agendaFim };
}

const samePlan = (a: AgendaPlan | null, b: AgendaPlan | null) =>
  a?.technicianId === b?.technicianId && a?.agendaInicio === b?.agendaInicio && a?.agendaFim === b?.agendaFim;

/**
 * Records a committed change inside the write's transaction: the notice now waits from this moment.
 * The first change of an order takes its plan before the change as what everyone was told.
 */
export async function recordAgendaChange(db: Db, change: AgendaChange): Promise<void> {
  const { id, username, nome_completo, email, role } = change.user;
  const changedBy = { id, username, nome_completo, email, role };
  const told = scheduledPlan(change.before);
  await db
    .insert(agendaNotices)
    .values({
      orderId: change.orderId,
      numero: change.numero,
      pendingSince: sql`now()`,
      sequence: change.sequence,
      changedBy,
      toldTechnician: told,
      toldClient: told,
    })
    .onConflictDoUpdate({
      target: agendaNotices.orderId,
      set: { numero: change.numero, pendingSince: sql`now()`, sequence: change.sequence, changedBy },
    });
}

/** A waiting notice older than the delay (ms). */
const settledFor = (delayMs: number): SQL =>
  sql`${agendaNotices.pendingSince} <= now() - (${delayMs}::int * interval '1 millisecond')`;

/** The orders whose notice has waited long enough (the sweep after a restart or on another process). */
export async function settledOrders(db: Db, delayMs: number): Promise<number[]> {
  const rows = await db
    .select({ orderId: agendaNotices.orderId })
    .from(agendaNotices)
    .where(and(isNotNull(agendaNotices.pendingSince), settledFor(delayMs)))
    .orderBy(asc(agendaNotices.pendingSince))
    .limit(100);
  return rows.map((r) => r.orderId);
}

/** Who is told of a settled plan: technicians through `technicians`, the client through `client`. */
export interface NoticeChannels {
  /** The technicians' notice: `before` is what they were last told, `after` the final plan. */
  technicians: (change: AgendaChange) => Promise<void>;
  /** The client's notice of a scheduled visit: `before` is what the client was last told. */
  client?: (change: AgendaChange) => Promise<void>;
}

/**
 * Sends the notice of one order if it waits (and has waited `delayMs`; null: at once, 'Avisar agora'),
 * claiming it first so that two processes never send it twice. Answers whether one was waiting.
 */
export async function settleNotice(db: Db, orderId: number, delayMs: number | null, channels: NoticeChannels): Promise<boolean> {
  const conditions = [eq(agendaNotices.orderId, orderId), isNotNull(agendaNotices.pendingSince)];
  if (delayMs !== null) conditions.push(settledFor(delayMs));
  const [row] = await db
    .update(agendaNotices)
    .set({ pendingSince: null })
    .where(and(...conditions))
    .returning();
  if (!row) return false;
  const now = scheduledPlan(await storedPlan(db, orderId));
  const user = row.changedBy as SessionUser;
  const base = { orderId, numero: row.numero, sequence: row.sequence, user };
  const toldTechnician = scheduledPlan(row.toldTechnician);
  if (!samePlan(toldTechnician, now)) await channels.technicians({ ...base, before: toldTechnician, after: now });
  const toldClient = scheduledPlan(row.toldClient);
  const tellClient = now !== null && !samePlan(toldClient, now);
  if (tellClient) await channels.client?.({ ...base, before: toldClient, after: now });
  await db
    .update(agendaNotices)
    .set({ toldTechnician: now, toldClient: tellClient ? now : toldClient })
    .where(eq(agendaNotices.orderId, orderId));
  return true;
}

/** The moment an order's waiting notice goes, as 'YYYY-MM-DDTHH:mm:ss.sssZ', or null: for the board. */
export function noticeDueColumn(orderId: SQLWrapper, delayMs: number): SQL<string | null> {
  // The delay is written into the text (no parameter), so the agenda's select is rendered once per delay.
  const delay = sql.raw(String(Math.trunc(delayMs)));
  return sql<
    string | null
  >`(select to_char((${agendaNotices.pendingSince} + (${delay} * interval '1 millisecond')) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    from ${agendaNotices} where ${agendaNotices.orderId} = ${orderId} and ${agendaNotices.pendingSince} is not null)`;
}
