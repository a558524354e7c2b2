/**
 * Timesheet durations (docs/rules.md#validation, docs/rules.md#hours-and-closing): one pure function used by the browser form
 * and by the server, which recomputes and stores the result and never trusts the browser's.
 * All durations are whole minutes; `null` is the old product's "empty" duration.
 */

const MINUTES_PER_DAY = 24 * 60;

/** 'HH:mm' or 'HH:mm:ss' -> minutes after midnight; anything else -> null. */
export function parseClock(value: string | null | undefined): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec((value ?? '').trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes -> 'HH:mm' (hours may pass 24); null -> ''. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const total = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Decimal hours (1.5) -> minutes (90), as the service `intervalo`/`duracaoservico` travel (docs/rules.md#api-conventions). */
export function hoursToMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/** Minutes (90) -> decimal hours (1.5), rounded to the old product's step of 0.01. */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

export type DurationInput =
  /** Outbound trip: arrival minus departure. */
  | { kind: 'ida'; saida: string; chegada: string }
  /** Service day: exit minus entry minus break (minutes); empty when negative. */
  | { kind: 'servico'; entrada: string; saida: string; intervaloMin: number }
  /** Return trip: arrival minus departure, +1 day when arrival is earlier, minus waiting time, never below zero. */
  | { kind: 'volta'; saida: string; chegada: string; esperaMin: number };

/**
 * The duration of a timesheet entry in minutes, exactly as docs/rules.md#validation says; null when it is empty
 * (a time missing or unreadable, or a negative outbound or service duration).
 */
export function timesheetDuration(input: DurationInput): number | null {
  switch (input.kind) {
    case 'ida': {
      const saida = parseClock(input.saida);
      const chegada = parseClock(input.chegada);
      if (saida === null || chegada === null) return null;
      const minutes = chegada - saida;
      // Note: the old product adds a day only on the return trip; a negative outbound trip is a typing error.
      return minutes < 0 ? null : minutes;
    }
    case 'servico': {
      const entrada = parseClock(input.entrada);
      const saida = parseClock(input.saida);
      if (entrada === null || saida === null || !Number.isFinite(input.intervaloMin)) return null;
      const minutes = saida - entrada - input.intervaloMin;
      // docs/rules.md#validation: empty if negative (a night shift is two entries, docs/rules.md#hours-and-closing)
      return minutes < 0 ? null : minutes;
    }
    case 'volta': {
      const saida = parseClock(input.saida);
      const chegada = parseClock(input.chegada);
      if (saida === null || chegada === null || !Number.isFinite(input.esperaMin)) return null;
      // docs/rules.md#validation: +1 day when arrival is earlier than departure
      const travel = chegada < saida ? chegada + MINUTES_PER_DAY - saida : chegada - saida;
      return Math.max(0, travel - input.esperaMin);
    }
  }
}
