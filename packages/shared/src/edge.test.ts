import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from './index';

/** Every object schema the shared package exports (the payloads of the forms and the API). */
function exportedObjectSchemas(): [string, z.ZodObject][] {
  const found: [string, z.ZodObject][] = [];
  for (const [name, value] of Object.entries(shared)) {
    if (!(value instanceof z.ZodType)) continue;
    let schema: unknown = value;
    // z.preprocess(fn, z.object(...)) is a pipe whose output is the object.
    if (schema instanceof z.ZodPipe) schema = schema.out;
    if (schema instanceof z.ZodObject) found.push([name, schema]);
  }
  return found;
}

describe('edge texts', () => {
  it.each([
    ['abc', false],
    ['Café ☕ 😀', false],
    ['a\u0000b', true],
    ['\uD800abc', true],
    ['abc\uDC00', true],
    ['\uDBFF\uDFFF', false],
    ['\u202Eevil\u200F', false],
    ['\u0301', false],
  ])('hasInvalidChars(%j) is %s', (text, invalid) => {
    expect(shared.hasInvalidChars(text)).toBe(invalid);
  });

  it('finds the path of the first invalid text, keys included', () => {
    expect(shared.findInvalidText({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(shared.findInvalidText({ ['k\uD800']: 1 })).toEqual(['k\uFFFD']);
    expect(shared.findInvalidText({ a: 'ok', b: [1, null, true] })).toBeUndefined();
  });

  it('reads ids only within the database range', () => {
    expect(shared.asRecordId('42')).toBe(42);
    expect(shared.asRecordId('2147483647')).toBe(2147483647);
    expect(shared.asRecordId('2147483648')).toBeUndefined();
    expect(shared.asRecordId('99999999999999999999')).toBeUndefined();
    expect(shared.asRecordId('4a')).toBeUndefined();
  });
});

describe('order number in a search', () => {
  it.each([
    ['4', 4],
    ['00004', 4],
    ['OS 00004', 4],
    ['OS-4', 4],
    ['os4', 4],
    ['O.S. 12', 12],
    ['OS nº 4', 4],
    ['#4', 4],
    [' # 4 ', 4],
    ['Usina 4', undefined],
    ['4a', undefined],
    ['2147483648', undefined],
    ['', undefined],
  ])('%j names order %s', (q, numero) => {
    expect(shared.orderNumberInSearch(q)).toBe(numero);
  });
});

describe('validation messages', () => {
  it('every field of every shared payload has its screen words', () => {
    const missing: string[] = [];
    for (const [name, schema] of exportedObjectSchemas())
      for (const key of Object.keys(schema.shape)) if (!shared.FIELD_LABELS[key]) missing.push(`${name}.${key}`);
    expect(exportedObjectSchemas().length).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });

  it('say the field and what is expected', () => {
    const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    expect(message(shared.viagemIdaSchema, { kmida: 'doze' })).toBe('Data: preencha este campo.');
    const trip = { dataida: '2026-01-05', saidaida: '08:00', chegadaida: '09:00', numeroos: 1 };
    expect(message(shared.viagemIdaSchema, { ...trip, kmida: 'doze' })).toBe('Km: informe um número, como 120 ou 120,5.');
    expect(message(shared.expenseTypeInputSchema, { despesa: 'x'.repeat(101) })).toBe(
      'Tipo de despesa: Máximo de 100 caracteres.',
    );
    expect(message(shared.expenseTypeInputSchema, { despesa: '' })).toBe('Preencha o tipo de despesa.');
    expect(message(shared.expenseTypeInputSchema, {})).toBe('Preencha o tipo de despesa.');
    expect(message(shared.userCreateSchema, { username: 'a', email: 'a@b.co', password: 'x'.repeat(20), role: 'chefe' })).toBe(
      'Tipo: escolha admin, user ou tec.',
    );
    expect(message(shared.closingRequestSchema, { osIds: [] })).toBe(shared.CLOSING_MSG.selectOrders);
    expect(message(shared.closingRequestSchema, { osIds: [1, 3e9] })).toBe('OS: informe o número de um registro existente.');
  });

  it('never show a regular expression, a type name or the library phrase, whatever the input', () => {
    const hostile = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        'x'.repeat(300_000),
        '1e309',
        '9'.repeat(25),
        '-1',
        '1.5',
        'NaN',
        '2024-02-30',
        '25:99',
        '99/99/9999',
      ),
      fc.constantFrom(2 ** 31, 2 ** 53 + 2, -(2 ** 31), 1e308, -0.5, 0.001, Number.MAX_VALUE),
      fc.constantFrom(null, true, [], ['1'], [1, 2], {}, { a: 1 }),
      fc.string({ maxLength: 12 }),
      fc.integer(),
    );
    const bad: string[] = [];
    for (const [name, schema] of exportedObjectSchemas()) {
      const keys = Object.keys(schema.shape);
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...keys), hostile, { maxKeys: keys.length }), (input) => {
          const result = schema.safeParse(input);
          for (const issue of result.error?.issues ?? [])
            if (/[/]|esperava|expected|invalid input|too (big|small)/i.test(issue.message) || !issue.message.trim())
              bad.push(`${name} ${JSON.stringify(issue.path)}: ${issue.message}`);
        }),
        { numRuns: 40, seed: 23 },
      );
    }
    expect([...new Set(bad)]).toEqual([]);
  });
});
