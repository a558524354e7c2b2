import { describe, expect, it } from 'vitest';
import { clientInputSchema, parameterInputSchema, REGISTER_MSG, UFS, userUpdateSchema } from './registers';

describe('register schemas', () => {
  it('lists the 27 federative units once each', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS).size).toBe(27);
  });

  it('normalises a client: CNPJ and CEP without punctuation, UF upper-cased, default percentual', () => {
    const c = clientInputSchema.parse({ razao: ' Alfa ', cnpj: '12.abc.345/01de-35', cep: '01310-100', estado: 'sp' });
    expect(c).toMatchObject({
      razao: 'Alfa',
      cnpj: '12ABC34501DE35',
      cep: '01310100',
      estado: 'SP',
      percentual: 1.35,
      email: '',
    });
  });

  it('reads a comma decimal for percentual and refuses a negative one', () => {
    expect(clientInputSchema.parse({ razao: 'A', cnpj: '11222333000181', percentual: '1,5' }).percentual).toBe(1.5);
    const r = clientInputSchema.safeParse({ razao: 'A', cnpj: '11222333000181', percentual: -0.1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(REGISTER_MSG.percentualInvalid);
  });

  it('accepts HH:mm (24:00 included) and a valor with at most two decimals', () => {
    expect(parameterInputSchema.parse({ inicio: '00:00', fim: '24:00', valor: '1.234,56' }).valor).toBe(1234.56);
    expect(parameterInputSchema.safeParse({ inicio: '7:00', fim: '08:00', valor: 1 }).success).toBe(false);
    expect(parameterInputSchema.safeParse({ inicio: '07:00', fim: '08:00', valor: 0.005 }).success).toBe(false);
  });

  it('keeps the password on edit when the field is empty', () => {
    const u = userUpdateSchema.parse({ username: 'a', email: 'a@b.c', role: 'tec', password: '' });
    expect(u.password).toBeUndefined();
  });
});
