import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nameStatements } from './client';

describe('named statements on PostgreSQL', () => {
  let pool: pg.Pool;

  beforeAll(() => {
    // One connection, so every query below meets the statements the earlier ones prepared.
    pool = new pg.Pool({ connectionString: inject('dbServer'), max: 1 });
    nameStatements(pool, 2);
  });
  afterAll(() => pool.end());

  const prepared = async () =>
    (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name'))
      .rows;

  it('prepares each statement text once, up to the limit, and keeps given names', async () => {
    expect((await pool.query({ text: 'select $1::int + 1 as n' }, [1])).rows).toEqual([{ n: 2 }]);
    expect((await pool.query({ text: 'select $1::int + 1 as n' }, [41])).rows).toEqual([{ n: 42 }]);
    expect((await pool.query({ text: 'select 7 as n' })).rows).toEqual([{ n: 7 }]);
    // Past the limit: answered, not kept.
    expect((await pool.query({ text: 'select $1::int * 2 as n' }, [4])).rows).toEqual([{ n: 8 }]);
    expect((await pool.query({ name: 'own', text: 'select $1::int - 1 as n' }, [4])).rows).toEqual([{ n: 3 }]);
    // Not a single planned statement: run as sent.
    await pool.query({ text: 'select 1; select 2' });
    await pool.query({ text: 'create temporary table t (n int)' });

    expect(await prepared()).toEqual([
      { name: 'own', statement: 'select $1::int - 1 as n' },
      { name: 'q1', statement: 'select $1::int + 1 as n' },
      { name: 'q2', statement: 'select 7 as n' },
    ]);
  });
});
