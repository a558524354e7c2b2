import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers health without a session, naming the database', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok', database: inject('dbKind') });
});

it('answers an unknown API path with a JSON 404', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ error: 'Rota não encontrada.' });
});

it('applied every migration: the tables, the status counters and the seeded parameters exist', async () => {
  const tables = await t.db.execute<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' order by 1",
  );
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  for (const name of [
    'users',
    'sessions',
    'clients',
    'orders',
    'outbound_trips',
    'service_entries',
    'return_trips',
    'descriptions',
    'expenses',
    'signatures',
    'sent_emails',
    'system_parameters',
    'uploaded_documents',
    'audit_log',
    'expense_types',
    'companies',
    'closings',
  ]) {
    expect(names).toContain(name);
  }
  const params = await t.db.execute<{ tipo: string }>('select tipo from system_parameters order by id');
  expect((params as unknown as { rows: { tipo: string }[] }).rows.map((r) => r.tipo)).toEqual([
    'Hora Normal',
    'Hora Extra',
    'Hora Noturna',
    'Hora Feriado',
    'Hora Viagem',
    'Km Rodado',
  ]);
});
