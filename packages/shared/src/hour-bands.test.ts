import { describe, expect, it } from 'vitest';
import {
  BAND,
  computeOrderClosing,
  DEFAULT_HOUR_BANDS,
  formatPercentual,
  type HourBand,
  percentualToBasis,
  roundHalfUp,
  splitServiceByBands,
} from './hour-bands';

/** The seeded defaults, as the database reads them back ('HH:mm:ss'). */
const BANDS: HourBand[] = DEFAULT_HOUR_BANDS.map((b) => ({ ...b, inicio: `${b.inicio}:00`, fim: `${b.fim}:00` }));

describe('splitServiceByBands', () => {
  it('splits the docs/rules.md#hours-and-closing example 07:00-20:00 with a 1 h break: 1 h Noturna, 9 h Normal, 2 h Extra', () => {
    const split = splitServiceByBands({ entrada: '07:00', saida: '20:00', intervaloMin: 60, feriado: false }, BANDS);
    expect(split).toEqual({ [BAND.noturna]: 60, [BAND.normal]: 540, [BAND.extra]: 120 });
  });

  it('counts a night shift logged as two entries across midnight entirely as Noturna', () => {
    const first = splitServiceByBands({ entrada: '22:00', saida: '24:00', intervaloMin: 0, feriado: false }, BANDS);
    const second = splitServiceByBands({ entrada: '00:00', saida: '06:00', intervaloMin: 0, feriado: false }, BANDS);
    expect(first).toEqual({ [BAND.noturna]: 120 });
    expect(second).toEqual({ [BAND.noturna]: 360 });
  });

  it('counts every worked hour of a feriado day as Hora Feriado', () => {
    const split = splitServiceByBands({ entrada: '07:00', saida: '20:00', intervaloMin: 60, feriado: true }, BANDS);
    expect(split).toEqual({ [BAND.feriado]: 720 });
  });

  it('takes the break from Extra (then Noturna) once Normal is empty', () => {
    expect(splitServiceByBands({ entrada: '18:00', saida: '23:00', intervaloMin: 270, feriado: false }, BANDS)).toEqual({
      [BAND.noturna]: 30,
    });
  });

  it('answers nothing for an exit not after the entry (docs/rules.md#validation: empty service)', () => {
    expect(splitServiceByBands({ entrada: '10:00', saida: '09:00', intervaloMin: 0, feriado: false }, BANDS)).toEqual({});
    expect(splitServiceByBands({ entrada: '10:00', saida: '11:00', intervaloMin: 90, feriado: false }, BANDS)).toEqual({});
  });

  it('follows bands an admin moved', () => {
    const moved = BANDS.map((b) =>
      b.tipo === BAND.normal ? { ...b, fim: '17:00' } : b.tipo === BAND.extra ? { ...b, inicio: '17:00' } : b,
    );
    expect(splitServiceByBands({ entrada: '16:00', saida: '18:00', intervaloMin: 0, feriado: false }, moved)).toEqual({
      [BAND.normal]: 60,
      [BAND.extra]: 60,
    });
  });
});

describe('rounding helpers', () => {
  it('rounds half up on exact rationals', () => {
    expect(roundHalfUp(5, 10)).toBe(1);
    expect(roundHalfUp(4, 10)).toBe(0);
    expect(roundHalfUp(17955, 100)).toBe(180);
    expect(roundHalfUp(17949, 100)).toBe(179);
  });
  it('reads percentuals without binary noise', () => {
    expect(percentualToBasis('1.3500')).toBe(13500);
    expect(percentualToBasis(1.35)).toBe(13500);
    expect(percentualToBasis('1,1')).toBe(11000);
    expect(formatPercentual(13500)).toBe('1,35');
    expect(formatPercentual(13333)).toBe('1,3333');
  });
});

describe('computeOrderClosing', () => {
  it('values the example day of docs/rules.md#hours-and-closing, a trip, km and expenses (hand computation)', () => {
    const result = computeOrderClosing(
      {
        services: [{ entrada: '07:00', saida: '20:00', intervaloMin: 60, feriado: false }],
        trips: [
          { duracaoMin: 90, km: '123.4' },
          { duracaoMin: 75, km: '100.1' },
        ],
        expenses: [
          { tipo: 'Hospedagem', valorCentavos: 25000 },
          { tipo: 'Alimentação', valorCentavos: 4550 },
          { tipo: 'Alimentação', valorCentavos: 3210 },
        ],
      },
      BANDS,
      '1.3500',
    );
    // Normal 9 h x R$ 120,00 = R$ 1.080,00 x 1,35 = R$ 1.458,00
    // Extra 2 h x R$ 180,00 = R$ 360,00 x 1,35 = R$ 486,00
    // Noturna 1 h x R$ 200,00 = R$ 200,00 x 1,35 = R$ 270,00
    // Viagem 2:45 x R$ 80,00 = R$ 220,00 x 1,35 = R$ 297,00
    // Km 223,5 x R$ 1,50 = R$ 335,25 (no percentual)
    // Alimentação R$ 77,60, Hospedagem R$ 250,00
    expect(result.lines.map((l) => [l.tipo, l.quantidade, l.baseCentavos, l.totalCentavos])).toEqual([
      ['Hora Normal', 540, 108000, 145800],
      ['Hora Extra', 120, 36000, 48600],
      ['Hora Noturna', 60, 20000, 27000],
      ['Hora Viagem', 165, 22000, 29700],
      ['Km Rodado', 2235, 33525, 33525],
      ['Alimentação', 2, 7760, 7760],
      ['Hospedagem', 1, 25000, 25000],
    ]);
    expect(result.horasCentavos).toBe(145800 + 48600 + 27000 + 29700);
    expect(result.kmCentavos).toBe(33525);
    expect(result.despesasCentavos).toBe(32760);
    expect(result.totalCentavos).toBe(251100 + 33525 + 32760);
  });

  it('sums a night shift of two entries, and a holiday, before valuing them', () => {
    const result = computeOrderClosing(
      {
        services: [
          { entrada: '22:00', saida: '24:00', intervaloMin: 0, feriado: false },
          { entrada: '00:00', saida: '06:00', intervaloMin: 0, feriado: false },
          { entrada: '08:00', saida: '12:00', intervaloMin: 0, feriado: true },
        ],
        trips: [],
        expenses: [],
      },
      BANDS,
      '1.35',
    );
    // Noturna 8 h x R$ 200,00 = R$ 1.600,00 x 1,35 = R$ 2.160,00; Feriado 4 h x R$ 240,00 = R$ 960,00 x 1,35 = R$ 1.296,00
    expect(result.lines.map((l) => [l.tipo, l.quantidade, l.totalCentavos])).toEqual([
      ['Hora Noturna', 480, 216000],
      ['Hora Feriado', 240, 129600],
    ]);
    expect(result.totalCentavos).toBe(345600);
  });

  it('rounds each step half up to the centavo', () => {
    const result = computeOrderClosing(
      { services: [], trips: [{ duracaoMin: 1, km: '0.1' }], expenses: [] },
      [...BANDS.filter((b) => b.tipo !== BAND.km), { tipo: BAND.km, inicio: '00:00', fim: '00:00', valorCentavos: 155 }],
      '1.35',
    );
    // 1 min x R$ 80,00 / 60 = 133,33 centavos -> 133; x 1,35 = 179,55 -> 180. Km 0,1 x R$ 1,55 = 15,5 -> 16.
    expect(result.lines.map((l) => [l.tipo, l.baseCentavos, l.totalCentavos])).toEqual([
      ['Hora Viagem', 133, 180],
      ['Km Rodado', 16, 16],
    ]);
    expect(result.totalCentavos).toBe(196);
  });
});
