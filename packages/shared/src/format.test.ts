import { describe, expect, it } from 'vitest';
import { formatCentavos, formatDate, padNumber } from './format';
import { normalizeStatus } from './status';

describe('formats', () => {
  it('money in centavos as R$', () => {
    expect(formatCentavos(123456)).toBe('R$ 1.234,56');
    expect(formatCentavos(null)).toBe('R$ 0,00');
    expect(formatCentavos(5)).toBe('R$ 0,05');
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
