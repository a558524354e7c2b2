import { describe, expect, it } from 'vitest';
import { formatMinutes } from './durations';
import { formatCentavos, formatDate, formatDateTime, formatKm, formatPhone, padNumber, parameterTime } from './format';
import { normalizeStatus } from './status';

describe('formats', () => {
  it('money in centavos as R$', () => {
    expect(formatCentavos(123456)).toBe('R$ 1.234,56');
    expect(formatCentavos(null)).toBe('R$ 0,00');
    expect(formatCentavos(5)).toBe('R$ 0,05');
  });
  it('km and hours:minutes, one way each on every screen and PDF', () => {
    expect(formatKm(223.5)).toBe('223,5 km');
    expect(formatKm(120)).toBe('120 km');
    expect(formatKm(1234.56)).toBe('1.234,6 km');
    expect(formatMinutes(545)).toBe('09:05');
  });
  it('dates as DD/MM/YYYY', () => {
    expect(formatDate('2026-11-02')).toBe('02/11/2026');
    expect(formatDate('')).toBe('');
  });
  it('pads order numbers to 5 digits', () => {
    expect(padNumber(42)).toBe('00042');
    expect(padNumber(7, 3)).toBe('007');
  });
  it('accepts both spellings of Concluído', () => {
    expect(normalizeStatus('Concluido')).toBe('Concluído');
    expect(normalizeStatus('Em andamento')).toBe('Andamento');
    expect(normalizeStatus('xyz')).toBeNull();
  });
});

describe('formatPhone and parameterTime (docs/rules.md#daily-use)', () => {
  it('writes phone numbers as (87) 99999-0000', () => {
    expect(formatPhone('87999990000')).toBe('(87) 99999-0000');
    expect(formatPhone('8733334444')).toBe('(87) 3333-4444');
    expect(formatPhone('+55 (87) 99999-0000')).toBe('(87) 99999-0000');
    expect(formatPhone('(87) 99999-0000')).toBe('(87) 99999-0000');
    expect(formatPhone('ramal 12')).toBe('ramal 12');
    expect(formatPhone('')).toBe('');
  });
  it("shows '–' for Km Rodado's Início and Fim", () => {
    expect(parameterTime('Km Rodado', '00:00:00')).toBe('–');
    expect(parameterTime('Hora Normal', '08:00:00')).toBe('08:00');
  });
});

describe('formatDateTime', () => {
  it('writes a moment on the Brasília clock as DD/MM/YYYY HH:mm, midnight as 00', () => {
    expect(formatDateTime(new Date('2026-11-24T13:05:00Z'))).toBe('24/11/2026 10:05');
    expect(formatDateTime('2026-01-01T03:00:00.000Z')).toBe('01/01/2026 00:00');
    expect(formatDateTime(new Date('2026-12-31T23:59:00-03:00'))).toBe('31/12/2026 23:59');
  });
});
