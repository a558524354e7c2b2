/**
 * The race of two copies of one offline entry, made deterministic: the loser's look-up runs
 * before the winner commits, its write after, so the write fails on whatever the winner's record
 * now trips. The loser must still answer the winner's record.
 */
import { describe, expect, it } from 'vitest';
import { AppError, conflict } from './errors';
import { once } from './idempotency';

interface Row {
  id: number;
  createdBy: number | null;
}

function store() {
  const rows = new Map<string, Row>();
  return {
    rows,
    find: async (key: string) => rows.get(key),
    present: (row: Row) => ({ id: row.id }),
  };
}

describe('once', () => {
  it('answers the record a racing copy committed when the write trips a business rule', async () => {
    const s = store();
    const result = await once({
      key: 'key-race-1',
      userId: 7,
      ...s,
      create: async () => {
        s.rows.set('key-race-1', { id: 41, createdBy: 7 }); // the other copy commits meanwhile
        throw conflict('Esta OS já tem uma viagem de ida.');
      },
    });
    expect(result).toEqual({ id: 41 });
  });

  it('answers the record a racing copy committed when the write hits the unique key', async () => {
    const s = store();
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    const result = await once({
      key: 'key-race-2',
      userId: 7,
      ...s,
      create: async () => {
        s.rows.set('key-race-2', { id: 42, createdBy: 7 });
        throw new Error('insert failed', { cause: unique });
      },
    });
    expect(result).toEqual({ id: 42 });
  });

  it('rethrows the failure when no record exists under the key', async () => {
    const s = store();
    const run = once({ key: 'key-none-1', userId: 7, ...s, create: async () => Promise.reject(conflict('Regra.')) });
    await expect(run).rejects.toMatchObject({ statusCode: 409, message: 'Regra.' });
  });

  it('rethrows without a key, never looking for a prior record', async () => {
    const s = store();
    s.rows.set('x', { id: 1, createdBy: 7 });
    const run = once({ key: undefined, userId: 7, ...s, create: async () => Promise.reject(new Error('falhou')) });
    await expect(run).rejects.toThrow('falhou');
  });

  it('refuses a key another user already used', async () => {
    const s = store();
    s.rows.set('key-other-1', { id: 5, createdBy: 8 });
    const run = once({ key: 'key-other-1', userId: 7, ...s, create: async () => ({ id: 99 }) });
    await expect(run).rejects.toBeInstanceOf(AppError);
    await expect(run).rejects.toMatchObject({ statusCode: 409 });
  });
});
