/**
 * The closing arithmetic of docs/rules.md#hours-and-closing: service time split across the hour bands by clock
 * time, trip time at 'Hora Viagem', km at 'Km Rodado', expenses by type. Every amount is an
 * integer number of centavos; each rounding step is explicit (half up) and shown on the closing
 * PDF, so an office clerk can redo the sums by hand and land on the same centavo.
 */

import { formatMinutes } from './durations';
import { formatKm } from './format';

/** The `tipo` names of the system parameters as seeded (apps/server/src/db/seed.ts). */
export const BAND = {
  normal: 'Hora Normal',
  extra: 'Hora Extra',
  noturna: 'Hora Noturna',
  feriado: 'Hora Feriado',
  viagem: 'Hora Viagem',
  km: 'Km Rodado',
} as const;

/** The hour bands a new installation starts with (apps/server/src/db/seed.ts), values an admin will adjust. */
export const DEFAULT_HOUR_BANDS = [
  { tipo: BAND.normal, inicio: '08:00', fim: '18:00', valorCentavos: 12000 },
  { tipo: BAND.extra, inicio: '18:00', fim: '22:00', valorCentavos: 18000 },
  { tipo: BAND.noturna, inicio: '22:00', fim: '08:00', valorCentavos: 20000 },
  { tipo: BAND.feriado, inicio: '00:00', fim: '24:00', valorCentavos: 24000 },
  { tipo: BAND.viagem, inicio: '00:00', fim: '24:00', valorCentavos: 8000 },
  { tipo: BAND.km, inicio: '00:00', fim: '00:00', valorCentavos: 150 },
] as const;

/** Service bands split by clock time, in this order of precedence; the break comes off them in this order too. */
const CLOCK_BANDS = [BAND.normal, BAND.extra, BAND.noturna] as const;

/** One system parameter row (docs/rules.md#entities "System parameter"); times 'HH:mm' or 'HH:mm:ss', '24:00' allowed. */
export interface HourBand {
  tipo: string;
  inicio: string;
  fim: string;
  valorCentavos: number;
}

export interface ServiceForBands {
  /** 'HH:mm' (or 'HH:mm:ss'). A service entry lies within one day (docs/rules.md#hours-and-closing). */
  entrada: string;
  saida: string;
  intervaloMin: number;
  feriado: boolean;
}

/** 'HH:mm[:ss]' -> minutes since midnight ('24:00' -> 1440). */
export function clockMinutes(time: string): number {
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) throw new Error(`hora inválida: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Whether minute `t` of the day (0..1439) lies in [inicio, fim), wrapping midnight when fim <= inicio. */
function bandContains(band: HourBand, t: number): boolean {
  const start = clockMinutes(band.inicio) % 1440;
  const end = clockMinutes(band.fim);
  if (end === start) return true; // 00:00-00:00: the whole day
  if (end > start) return t >= start && t < end;
  return t >= start || t < end;
}

/**
 * Minutes of one service entry per band tipo. A feriado day counts every worked minute as
 * 'Hora Feriado'. Otherwise each minute goes to the first clock band (Normal, Extra, Noturna)
 * whose [inicio, fim) holds it (a minute no band holds counts as Normal), then the break is
 * taken from Normal first, then Extra, then Noturna. An exit not after the entry is no service
 * (docs/rules.md#validation: a negative service is empty).
 */
export function splitServiceByBands(entry: ServiceForBands, bands: readonly HourBand[]): Record<string, number> {
  const start = clockMinutes(entry.entrada);
  const end = clockMinutes(entry.saida);
  const gross = Math.max(0, end - start);
  const worked = Math.max(0, gross - Math.max(0, entry.intervaloMin));
  if (worked === 0) return {};
  if (entry.feriado) return { [BAND.feriado]: worked };

  const clock = CLOCK_BANDS.map((tipo) => bands.find((b) => b.tipo === tipo)).filter((b): b is HourBand => !!b);
  const minutes: Record<string, number> = {};
  for (let t = start; t < end; t++) {
    const band = clock.find((b) => bandContains(b, t % 1440));
    const tipo = band?.tipo ?? BAND.normal;
    minutes[tipo] = (minutes[tipo] ?? 0) + 1;
  }
  let breakLeft = gross - worked;
  for (const tipo of CLOCK_BANDS) {
    if (breakLeft <= 0) break;
    const taken = Math.min(minutes[tipo] ?? 0, breakLeft);
    if (taken > 0) minutes[tipo] = (minutes[tipo] ?? 0) - taken;
    breakLeft -= taken;
  }
  for (const tipo of Object.keys(minutes)) if (!minutes[tipo]) delete minutes[tipo];
  return minutes;
}

/** Half-up rounding of a non-negative rational numerator/denominator to an integer. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** A client's percentual ('1.3500', 1.35) as an integer of ten-thousandths (13500). */
export function percentualToBasis(percentual: string | number): number {
  const n = typeof percentual === 'number' ? percentual : Number(String(percentual).replace(',', '.'));
  if (!Number.isFinite(n) || n < 0) throw new Error(`percentual inválido: ${percentual}`);
  return Math.round(n * 10000);
}

/** One line of the arithmetic, as printed on the closing PDF. */
export interface ClosingLine {
  kind: 'hora' | 'viagem' | 'km' | 'despesa';
  /** The band tipo, 'Km Rodado', or the expense type's name. */
  tipo: string;
  /** Minutes for hour lines, tenths of a km for km, number of expenses for expense lines. */
  quantidade: number;
  /** R$ per hour or per km, in centavos (null for expenses). */
  valorUnitarioCentavos: number | null;
  /** quantidade x valor (rounded half up to the centavo), or the expenses' sum. */
  baseCentavos: number;
  /** Ten-thousandths applied to hour lines (13500 = 1,35); null where the percentual does not apply. */
  percentualBasis: number | null;
  /** base x percentual (rounded half up), or the base. */
  totalCentavos: number;
}

export interface OrderForClosing {
  services: ServiceForBands[];
  /** Outbound and return trips: stored duration in minutes and km (decimal, one place). */
  trips: { duracaoMin: number; km: number | string }[];
  expenses: { tipo: string; valorCentavos: number }[];
}

export interface OrderClosing {
  lines: ClosingLine[];
  horasCentavos: number;
  kmCentavos: number;
  despesasCentavos: number;
  totalCentavos: number;
}

/** A km figure ('123.4', 123.4) in tenths of a km (1234), avoiding binary fractions. */
export function kmToTenths(km: number | string): number {
  return Math.round(Number(String(km).replace(',', '.')) * 10);
}

const hourBase = (minutes: number, valorCentavos: number) => roundHalfUp(minutes * valorCentavos, 60);
const withPercentual = (centavos: number, basis: number) => roundHalfUp(centavos * basis, 10000);

/**
 * The closing arithmetic of one order (docs/rules.md#hours-and-closing): minutes summed per band over all service
 * entries; trip minutes at 'Hora Viagem'; each hour line = round(minutes x R$/h / 60), then
 * x percentual, rounded; km = round(tenths x R$/km / 10), no percentual; expenses summed per type.
 */
export function computeOrderClosing(
  order: OrderForClosing,
  bands: readonly HourBand[],
  percentual: string | number,
): OrderClosing {
  const basis = percentualToBasis(percentual);
  const valorOf = (tipo: string) => bands.find((b) => b.tipo === tipo)?.valorCentavos ?? 0;
  const lines: ClosingLine[] = [];

  const perBand: Record<string, number> = {};
  for (const s of order.services) {
    for (const [tipo, min] of Object.entries(splitServiceByBands(s, bands))) perBand[tipo] = (perBand[tipo] ?? 0) + min;
  }
  for (const tipo of [...CLOCK_BANDS, BAND.feriado]) {
    const minutes = perBand[tipo];
    if (!minutes) continue;
    const base = hourBase(minutes, valorOf(tipo));
    lines.push({
      kind: 'hora',
      tipo,
      quantidade: minutes,
      valorUnitarioCentavos: valorOf(tipo),
      baseCentavos: base,
      percentualBasis: basis,
      totalCentavos: withPercentual(base, basis),
    });
  }

  const tripMinutes = order.trips.reduce((sum, t) => sum + Math.max(0, t.duracaoMin), 0);
  if (tripMinutes > 0) {
    const base = hourBase(tripMinutes, valorOf(BAND.viagem));
    lines.push({
      kind: 'viagem',
      tipo: BAND.viagem,
      quantidade: tripMinutes,
      valorUnitarioCentavos: valorOf(BAND.viagem),
      baseCentavos: base,
      percentualBasis: basis,
      totalCentavos: withPercentual(base, basis),
    });
  }

  const kmTenths = order.trips.reduce((sum, t) => sum + Math.max(0, kmToTenths(t.km)), 0);
  if (kmTenths > 0) {
    const base = roundHalfUp(kmTenths * valorOf(BAND.km), 10);
    lines.push({
      kind: 'km',
      tipo: BAND.km,
      quantidade: kmTenths,
      valorUnitarioCentavos: valorOf(BAND.km),
      baseCentavos: base,
      percentualBasis: null,
      totalCentavos: base,
    });
  }

  const byType = new Map<string, { count: number; sum: number }>();
  for (const e of order.expenses) {
    const acc = byType.get(e.tipo) ?? { count: 0, sum: 0 };
    acc.count += 1;
    acc.sum += e.valorCentavos;
    byType.set(e.tipo, acc);
  }
  for (const [tipo, { count, sum }] of [...byType].sort(([a], [b]) => a.localeCompare(b, 'pt-BR'))) {
    lines.push({
      kind: 'despesa',
      tipo,
      quantidade: count,
      valorUnitarioCentavos: null,
      baseCentavos: sum,
      percentualBasis: null,
      totalCentavos: sum,
    });
  }

  const sumOf = (kinds: ClosingLine['kind'][]) =>
    lines.filter((l) => kinds.includes(l.kind)).reduce((sum, l) => sum + l.totalCentavos, 0);
  const horasCentavos = sumOf(['hora', 'viagem']);
  const kmCentavos = sumOf(['km']);
  const despesasCentavos = sumOf(['despesa']);
  return { lines, horasCentavos, kmCentavos, despesasCentavos, totalCentavos: horasCentavos + kmCentavos + despesasCentavos };
}

/** 13500 -> '1,35' (at least two decimals, up to four). */
export function formatPercentual(basis: number): string {
  const s = (basis / 10000).toFixed(4).replace(/0{1,2}$/, '');
  return s.replace('.', ',');
}

/** One arithmetic line as text, the same on the preview screen and on the closing PDF. */
export function describeClosingLine(line: ClosingLine, formatMoney: (centavos: number) => string) {
  const quantidade =
    line.kind === 'km'
      ? formatKm(line.quantidade / 10)
      : line.kind === 'despesa'
        ? `${line.quantidade} ${line.quantidade === 1 ? 'despesa' : 'despesas'}`
        : `${formatMinutes(line.quantidade)} h`;
  const unit = line.kind === 'km' ? '/km' : '/h';
  return {
    item: line.tipo,
    quantidade,
    valorUnitario: line.valorUnitarioCentavos === null ? '' : `${formatMoney(line.valorUnitarioCentavos)}${unit}`,
    base: formatMoney(line.baseCentavos),
    percentual: line.percentualBasis === null ? '' : `× ${formatPercentual(line.percentualBasis)}`,
    total: formatMoney(line.totalCentavos),
  };
}
