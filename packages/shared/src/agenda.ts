/**
 * Agenda and dispatch (docs/rules.md#agenda): an order's planned window on the company's clock,
 * 'YYYY-MM-DDTHH:mm' or null, shared by the board, the technician's phone and the server.
 */

import { businessToday, formatDate, padNumber } from './format';
import type { Order } from './orders';

/** Texts of the agenda screens, e-mails and API. */
export const AGENDA_MSG = {
  title: 'Agenda',
  menu: 'Agenda',
  day: 'Dia',
  week: 'Semana',
  month: 'Mês',
  today: 'Hoje',
  previous: 'Anterior',
  next: 'Próximo',
  technician: 'Técnico',
  start: 'Início',
  end: 'Fim',
  schedule: 'Agendar',
  unschedule: 'Remover agendamento',
  cancel: 'Cancelar',
  pendingTitle: 'OS sem agendamento',
  pendingEmpty: 'Nenhuma OS aberta sem agendamento.',
  noTechnicians: 'Nenhum técnico ativo cadastrado.',
  saved: 'Agendamento salvo.',
  removed: 'Agendamento removido.',
  saveFailed: 'Não foi possível salvar o agendamento.',
  loadFailed: 'Não foi possível carregar a agenda. Tente novamente.',
  choose: 'Selecione o técnico',
  groupToday: 'Hoje',
  groupTomorrow: 'Amanhã',
  groupLater: 'Próximos',
  groupUnscheduled: 'Sem agendamento',
  openMap: 'Abrir no mapa',
  // Bad input (400 / 409)
  invalidDateTime: 'informe data e hora no formato AAAA-MM-DDTHH:mm.',
  outOfRange: 'informe uma data entre 2000 e 2099.',
  bothOrNone: 'Informe o início e o fim do agendamento, ou deixe os dois vazios.',
  endNotAfterStart: 'Fim: deve ser depois do início.',
  technicianRequired: 'Técnico: escolha quem atenderá a OS.',
  technicianInactive: 'Técnico: escolha um usuário ativo.',
  closedOrder: 'Uma OS concluída ou fechada não pode ser agendada.',
  periodRequired: 'Informe o período da agenda: início e fim no formato AAAA-MM-DD.',
  periodOrder: 'O fim do período deve ser igual ou posterior ao início.',
  periodTooLong: 'O período da agenda pode ter no máximo 93 dias.',
  technicianFilter: 'Técnico: informe o número do usuário.',
  conflictHint: 'A OS ficou com o mesmo técnico em horários sobrepostos.',
  // Notices that settle (docs/rules.md#notices-that-settle)
  noticesTitle: 'Avisos aguardando',
  noticeIn: (minutes: number) => `Aviso em ${minutes} min`,
  notifyNow: 'Avisar agora',
  notified: 'Aviso enviado.',
  nothingWaiting: 'Nenhum aviso aguardando para esta OS.',
  // E-mails
  mailTipo: 'Agendamento',
} as const;

/** At most this many days in one GET /api/agenda (a month view with its edges fits). */
export const AGENDA_MAX_DAYS = 93;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** 'YYYY-MM-DDTHH:mm' of a real day and time (seconds tolerated and dropped), or null. */
export function parseAgendaDateTime(value: string): string | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m;
  if (Number(h) > 23 || Number(mi) > 59) return null;
  const day = `${y}-${mo}-${d}`;
  const check = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day) return null;
  return `${day}T${h}:${mi}`;
}

/** Years a window may fall in: anything else is a typing slip ('0202', '20266'). */
export function agendaYearInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2099;
}

/** What is wrong with a window (both ends already parsed), or null when it is fine. */
export function agendaWindowError(inicio: string | null, fim: string | null): string | null {
  if ((inicio === null) !== (fim === null)) return AGENDA_MSG.bothOrNone;
  if (inicio !== null && fim !== null && fim <= inicio) return AGENDA_MSG.endNotAfterStart;
  return null;
}

/** Whole days from a to b ('YYYY-MM-DD'), b - a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Another order of the same technician whose window overlaps. */
export interface AgendaConflict {
  id: number;
  numero: number;
  cliente: string;
  agendaInicio: string;
  agendaFim: string;
}

/**
 * An order of the agenda: the order with the technician's overlapping orders, and when its waiting
 * notice goes (ISO instant; null or absent: nothing waits).
 */
export type AgendaOrder = Order & { conflitos: AgendaConflict[]; avisoEm?: string | null };

/** Two windows overlap when each starts before the other ends (touching ends do not). */
export function windowsOverlap(a: { inicio: string; fim: string }, b: { inicio: string; fim: string }): boolean {
  return a.inicio < b.fim && b.inicio < a.fim;
}

/** 'HH:mm' of a 'YYYY-MM-DDTHH:mm'. */
export const clockOf = (value: string) => value.slice(11, 16);
/** 'YYYY-MM-DD' of a 'YYYY-MM-DDTHH:mm'. */
export const dayOf = (value: string) => value.slice(0, 10);

function dayLabel(day: string, today: string): string {
  if (day === today) return AGENDA_MSG.groupToday;
  if (day === addDays(today, 1)) return AGENDA_MSG.groupTomorrow;
  return formatDate(day);
}

/**
 * A window as people read it: 'Hoje 08:00–12:00', 'Amanhã 14:00–15:30', '27/11/2026 08:00–12:00',
 * or over several days 'Hoje 08:00 – 26/11/2026 12:00'.
 */
export function formatAgendaWindow(inicio: string, fim: string, today: string = businessToday()): string {
  const startDay = dayOf(inicio);
  const endDay = dayOf(fim);
  if (startDay === endDay) return `${dayLabel(startDay, today)} ${clockOf(inicio)}–${clockOf(fim)}`;
  // A job ending at midnight ends on the previous day's evening, as people say it.
  if (clockOf(fim) === '00:00' && addDays(startDay, 1) === endDay) return `${dayLabel(startDay, today)} ${clockOf(inicio)}–24:00`;
  return `${dayLabel(startDay, today)} ${clockOf(inicio)} – ${dayLabel(endDay, today)} ${clockOf(fim)}`;
}

/** The groups of the technician's list, in the order they show. */
export const AGENDA_GROUPS = [
  AGENDA_MSG.groupToday,
  AGENDA_MSG.groupTomorrow,
  AGENDA_MSG.groupLater,
  AGENDA_MSG.groupUnscheduled,
] as const;
export type AgendaGroup = (typeof AGENDA_GROUPS)[number];

/**
 * Where a card goes on the phone: a window touching today is 'Hoje', and so is one already past
 * while the order is still open (it is still to be done: docs/decisions.md); one starting tomorrow
 * 'Amanhã'; later ones 'Próximos'; no window 'Sem agendamento'.
 */
export function agendaGroupOf(
  order: { agendaInicio: string | null; agendaFim: string | null },
  today: string = businessToday(),
): AgendaGroup {
  if (!order.agendaInicio || !order.agendaFim) return AGENDA_MSG.groupUnscheduled;
  const startDay = dayOf(order.agendaInicio);
  if (startDay <= today) return AGENDA_MSG.groupToday;
  if (startDay === addDays(today, 1)) return AGENDA_MSG.groupTomorrow;
  return AGENDA_MSG.groupLater;
}

/**
 * The cards in their groups, each group ordered by start (the unscheduled ones by number, newest
 * first, as the list was before); empty groups left out.
 */
export function groupByAgenda<T extends { agendaInicio: string | null; agendaFim: string | null; numero: number }>(
  items: T[],
  today: string = businessToday(),
): { group: AgendaGroup; items: T[] }[] {
  const groups = new Map<AgendaGroup, T[]>(AGENDA_GROUPS.map((g) => [g, []]));
  for (const item of items) groups.get(agendaGroupOf(item, today))!.push(item);
  return AGENDA_GROUPS.map((group) => {
    const list = groups.get(group)!;
    list.sort((a, b) =>
      a.agendaInicio && b.agendaInicio
        ? a.agendaInicio.localeCompare(b.agendaInicio) || a.numero - b.numero
        : b.numero - a.numero,
    );
    return { group, items: list };
  }).filter((g) => g.items.length > 0);
}

/** A link that opens an address in the phone's map app (Google Maps' universal address: apps on Android and iOS take it). */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** The client's address on one line: 'Rua A, 10, Centro, Recife - PE, 50000-000'. */
export function addressLine(parts: {
  endereco?: string | null;
  bairro?: string | null;
  cidade?: string | null;
  estado?: string | null;
  cep?: string | null;
}): string {
  const city = [parts.cidade?.trim(), parts.estado?.trim()].filter(Boolean).join(' - ');
  const cep = parts.cep?.replace(/\D/g, '');
  const cepText = cep && cep.length === 8 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep;
  return [parts.endereco?.trim(), parts.bairro?.trim(), city, cepText].filter(Boolean).join(', ');
}

/** Subject of the e-mail to a technician: 'Agendamento da OS 00042' or 'Cancelamento do agendamento da OS 00042'. */
export function agendaMailSubject(numero: number, cancel: boolean): string {
  return cancel ? `Cancelamento do agendamento da OS ${padNumber(numero)}` : `Agendamento da OS ${padNumber(numero)}`;
}

/** The form's title: 'Agendar OS 00042'. */
export function agendaFormTitle(numero: number): string {
  return `Agendar OS ${padNumber(numero)}`;
}

/** How an overlap is named on the board: 'Conflito com OS 00043'. */
export function conflictLabel(numeros: number[]): string {
  return `Conflito com ${numeros.map((n) => `OS ${padNumber(n)}`).join(', ')}`;
}

/** The week of a day, Monday to Sunday ('YYYY-MM-DD'). */
export function weekOf(day: string): { inicio: string; fim: string } {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const inicio = addDays(day, -((weekday + 6) % 7));
  return { inicio, fim: addDays(inicio, 6) };
}

/** The dashboard's scheduled load of the current week: each technician's window minutes inside it. */
export interface WeekLoad {
  semana: { inicio: string; fim: string };
  tecnicos: { tecnicoId: number; tecnico: string; minutos: number; ordens: number }[];
}

/** A window in words: '24/11/2026 das 08:00 às 12:00', or '24/11/2026 08:00 até 26/11/2026 12:00'. */
export function windowInWords(inicio: string, fim: string): string {
  const startDay = dayOf(inicio);
  const endDay = dayOf(fim);
  if (startDay === endDay) return `${formatDate(startDay)} das ${clockOf(inicio)} às ${clockOf(fim)}`;
  if (clockOf(fim) === '00:00' && addDays(startDay, 1) === endDay)
    return `${formatDate(startDay)} das ${clockOf(inicio)} às 24:00`;
  return `${formatDate(startDay)} ${clockOf(inicio)} até ${formatDate(endDay)} ${clockOf(fim)}`;
}
