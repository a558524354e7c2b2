import { addDays, dayOf, daysBetween, MONTH_NAMES } from '@os/shared';

/** The board's views (docs/screens.md#agenda). */
export const VIEWS = ['dia', 'semana', 'mes'] as const;
export type View = (typeof VIEWS)[number];

export interface Period {
  inicio: string;
  fim: string;
  days: string[];
}

const dayNumber = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The days a view shows around a day: that day; its week, Monday to Sunday; its month. */
export function periodOf(view: View, day: string): Period {
  let inicio = day;
  let fim = day;
  if (view === 'semana') {
    inicio = addDays(day, -((dayNumber(day) + 6) % 7));
    fim = addDays(inicio, 6);
  } else if (view === 'mes') {
    inicio = `${day.slice(0, 8)}01`;
    const next = new Date(`${inicio}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    fim = addDays(next.toISOString().slice(0, 10), -1);
  }
  const days = Array.from({ length: daysBetween(inicio, fim) + 1 }, (_, i) => addDays(inicio, i));
  return { inicio, fim, days };
}

/** 'Anterior' / 'Próximo': a day, a week or a month away (the month keeps its first day). */
export function shiftDay(view: View, day: string, step: 1 | -1): string {
  if (view === 'dia') return addDays(day, step);
  if (view === 'semana') return addDays(day, 7 * step);
  const d = new Date(`${day.slice(0, 8)}01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + step);
  return d.toISOString().slice(0, 10);
}

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];
/** A column's heading: 'seg 24/11'. */
export function dayHeading(day: string): string {
  return `${WEEKDAYS[dayNumber(day)]} ${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** The period as the title shows it: '24/11/2026', '23/11 – 29/11/2026', 'novembro de 2026'. */
export function periodLabel(view: View, period: Period): string {
  const [y, m, d] = period.inicio.split('-');
  if (view === 'dia') return `${d}/${m}/${y}`;
  if (view === 'mes') return `${MONTH_NAMES[Number(m) - 1]} de ${y}`;
  const [y2, m2, d2] = period.fim.split('-');
  return `${d}/${m} – ${d2}/${m2}/${y2}`;
}

/** Does a window touch this day (any minute of it)? */
export function touchesDay(window: { agendaInicio: string; agendaFim: string }, day: string): boolean {
  return window.agendaInicio < `${addDays(day, 1)}T00:00` && window.agendaFim > `${day}T00:00`;
}

/**
 * A window moved to another day by drag and drop: the same start time and length, starting on `day`.
 * An order without a window gets the working morning, 08:00-12:00 (docs/decisions.md).
 */
export function movedWindow(
  window: { agendaInicio: string | null; agendaFim: string | null },
  day: string,
): { agendaInicio: string; agendaFim: string } {
  if (!window.agendaInicio || !window.agendaFim) return { agendaInicio: `${day}T08:00`, agendaFim: `${day}T12:00` };
  const length = Date.parse(`${window.agendaFim}:00Z`) - Date.parse(`${window.agendaInicio}:00Z`);
  const agendaInicio = `${day}T${window.agendaInicio.slice(11, 16)}`;
  const end = new Date(Date.parse(`${agendaInicio}:00Z`) + length).toISOString();
  return { agendaInicio, agendaFim: `${end.slice(0, 10)}T${end.slice(11, 16)}` };
}

/** The hours a chip shows in a day's cell: '08:00–12:00', or over several days '30/11 08:00 – 02/12 10:00'. */
export function hoursLabel(window: { agendaInicio: string; agendaFim: string }): string {
  const { agendaInicio: a, agendaFim: b } = window;
  if (dayOf(a) === dayOf(b)) return `${a.slice(11, 16)}–${b.slice(11, 16)}`;
  const short = (v: string) => `${v.slice(8, 10)}/${v.slice(5, 7)} ${v.slice(11, 16)}`;
  return `${short(a)} – ${short(b)}`;
}
