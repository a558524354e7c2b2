import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCep, formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj';

describe('CNPJ', () => {
  it.each(['11.222.333/0001-81', '11222333000181', '12.ABC.345/01DE-35', '12abc34501de35'])('accepts %s', (c) => {
    expect(isValidCnpj(c)).toBe(true);
  });
  it.each(['11.222.333/0001-82', '12.ABC.345/01DE-36', '00.000.000/0000-00', '1122233300018', 'AB.CDE.FGH/IJKL-MN', ''])(
    'refuses %s',
    (c) => {
      expect(isValidCnpj(c)).toBe(false);
    },
  );
  it('computes check digits for a base', () => {
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
  });
  it('normalizes and formats', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCep('01310100')).toBe('01310-100');
  });
});
