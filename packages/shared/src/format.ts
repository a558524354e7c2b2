/** Formatting shared by screens and PDFs (docs/ui.md#consistency). */

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 123456 centavos -> 'R$ 1.234,56'; null/undefined -> 'R$ 0,00' (docs/rules.md#constants). */
export function formatCentavos(centavos: number | null | undefined): string {
  // Intl puts a no-break space after 'R$'; the old product writes a plain space.
  return brl.format((centavos ?? 0) / 100).replace(/\u00a0/g, ' ');
}

const kmNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** Kilometres as every screen and PDF writes them: 1234.5 -> '1.234,5 km', 120 -> '120 km' (the one km format). */
export function formatKm(km: number): string {
  return `${kmNumber.format(km)} km`;
}

/** 'YYYY-MM-DD' (or an ISO timestamp) -> 'DD/MM/YYYY'; anything else is returned as is. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as 'DD/MM/YYYY HH:mm' on the company's clock (Brasília), for screens, e-mails and PDFs. */
export function formatDateTime(at: Date | string): string {
  const parts = dateTime.formatToParts(typeof at === 'string' ? new Date(at) : at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

/** The months' names as written in Portuguese dates ('março de 2027', '3 de março de 2026'). */
export const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/** Order numbers are shown padded to 5 digits (docs/rules.md#constants, docs/rules.md#api-conventions). */
export function padNumber(n: number | string | null | undefined, width = 5): string {
  if (n === null || n === undefined || n === '') return '';
  return String(n).padStart(width, '0');
}

/**
 * A Brazilian phone number as people write it (docs/rules.md#daily-use): '87999990000' ->
 * '(87) 99999-0000', '8733334444' -> '(87) 3333-4444'; with the country code '55' first, or any
 * other length, the digits are shown as typed.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '');
  const national = digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
  const m = /^(\d{2})(\d{4,5})(\d{4})$/.exec(national);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : value;
}

/** A parameter's Início or Fim: '–' for one without a time window (Km Rodado), else 'HH:mm'. */
export function parameterTime(tipo: string, time: string | null | undefined): string {
  if (tipo === 'Km Rodado' || !time) return '–';
  return time.slice(0, 5);
}

/** The company's clock: date filters and send times are read in it (docs/decisions.md). */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const businessDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE });

/** Today on the company's clock, 'YYYY-MM-DD' (at 22:00 in Brazil it is still today, not UTC's tomorrow). */
export function businessToday(now = new Date()): string {
  return businessDayFormat.format(now);
}
