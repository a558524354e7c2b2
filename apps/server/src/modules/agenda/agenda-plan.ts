/**
 * The agenda's plan of an order (docs/rules.md#agenda): who has it and when, the window's rules and
 * what a change is. Orders call these when they write; the agenda never reads the orders module
 * (docs/architecture.md#direction-of-imports).
 */
import { agendaWindowError, type OrderStatus, type SessionUser } from '@os/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { badRequest } from '../../platform/errors';

/** A stored window end as the API writes it: 'YYYY-MM-DDTHH:mm' or null (docs/rules.md#agenda). */
export function agendaText(column: typeof orders.agendaInicio | typeof orders.agendaFim) {
  return sql<string | null>`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI')`;
}

/** Who has the order and when, before and after a change: what the technician is told (docs/rules.md#agenda). */
export interface AgendaPlan {
  technicianId: number | null;
  agendaInicio: string | null;
  agendaFim: string | null;
}

/** A change of an order's technician or window, after it was committed. */
export interface AgendaChange {
  orderId: number;
  numero: number;
  /** The iCalendar SEQUENCE of this change (raised by it). */
  sequence: number;
  before: AgendaPlan | null;
  after: AgendaPlan | null;
  user: SessionUser;
}

/** Told of every committed agenda change; never fails the write (a failed e-mail never undoes the plan). */
export type AgendaListener = (change: AgendaChange) => void;

const samePlan = (a: AgendaPlan | null, b: AgendaPlan | null) =>
  (a?.technicianId ?? null) === (b?.technicianId ?? null) &&
  (a?.agendaInicio ?? null) === (b?.agendaInicio ?? null) &&
  (a?.agendaFim ?? null) === (b?.agendaFim ?? null);

/** A change that someone's calendar must hear of: a window before or after, and something differs. */
export function agendaChangeMatters(before: AgendaPlan | null, after: AgendaPlan | null): boolean {
  const scheduled = (p: AgendaPlan | null) => Boolean(p?.agendaInicio && p.technicianId);
  return (scheduled(before) || scheduled(after)) && !samePlan(before, after);
}

/**
 * The window after a write: the fields sent replace the current ones; both ends null or both set,
 * the end after the start (400 naming the field otherwise).
 */
export function nextWindow(
  current: { agendaInicio: string | null; agendaFim: string | null },
  input: { agendaInicio?: string | null; agendaFim?: string | null },
): { agendaInicio: string | null; agendaFim: string | null } {
  const agendaInicio = input.agendaInicio !== undefined ? input.agendaInicio : current.agendaInicio;
  const agendaFim = input.agendaFim !== undefined ? input.agendaFim : current.agendaFim;
  const error = agendaWindowError(agendaInicio, agendaFim);
  if (error) throw badRequest(error, agendaInicio === null ? 'agendaInicio' : 'agendaFim');
  return { agendaInicio, agendaFim };
}

/** The plan of an order as stored, read inside the write's transaction. */
export async function storedPlan(db: Db, id: number): Promise<AgendaPlan & { sequence: number; status: OrderStatus }> {
  const [row] = await db
    .select({
      technicianId: orders.technicianId,
      agendaInicio: agendaText(orders.agendaInicio),
      agendaFim: agendaText(orders.agendaFim),
      sequence: orders.agendaSequencia,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, id));
  return row!;
}
