import { REGISTER_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, ctx, tec, useFileApp, user } from '../../../test/file-app';
import { auditEntries, expectBadPost, expectError, expectRefusedUnchanged, itAnswersGetAs, send } from '../../../test/requests';
import { clients, orders } from '../../db/schema';

useFileApp();

const valid = (over: Record<string, unknown> = {}) => ({
  razao: 'Alfa Energia Ltda',
  fantasia: 'Alfa',
  cnpj: '11.222.333/0001-81',
  cep: '01310-100',
  endereco: 'Av. Paulista, 1000',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estado: 'SP',
  contato: 'Fulano',
  email: 'alfa@example.com',
  fone: '(11) 3333-4444',
  obs: '',
  ...over,
});

describe('clients API', () => {
  let created: { id: number; codigo: number };

  it('creates a client with a codigo from the counter, the default percentual and both field spellings', async () => {
    const res = await send(admin, 'POST', '/api/clientes', valid({ codigo: 999 }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      razao: 'Alfa Energia Ltda',
      nome: 'Alfa Energia Ltda',
      estado: 'SP',
      uf: 'SP',
      cnpj: '11222333000181',
      cep: '01310100',
      percentual: 1.35,
    });
    expect(body.codigo).not.toBe(999);
    created = body;
    const second = await send(
      admin,
      'POST',
      '/api/clientes',
      valid({
        razao: 'Beta Ltda',
        fantasia: 'Solar Beta',
        cnpj: '12.ABC.345/01DE-35',
        percentual: '1,5',
        uf: 'rj',
        estado: undefined,
      }),
    );
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ codigo: created.codigo + 1, cnpj: '12ABC34501DE35', percentual: 1.5, uf: 'RJ' });
    expect(await auditEntries('client', created.id, 'create')).toHaveLength(1);
  });

  it.each([
    ['razao', { razao: '' }, REGISTER_MSG.clientRequired],
    ['razao', { razao: undefined }, REGISTER_MSG.clientRequired],
    ['cnpj', { cnpj: '' }, REGISTER_MSG.clientRequired],
    ['cnpj', { cnpj: undefined }, REGISTER_MSG.clientRequired],
    ['cnpj', { cnpj: '11.222.333/0001-82' }, REGISTER_MSG.cnpjInvalid],
    ['cep', { cep: '123' }, REGISTER_MSG.cepInvalid],
    ['estado', { estado: 'XX' }, REGISTER_MSG.ufInvalid],
    ['email', { email: 'not-an-email' }, REGISTER_MSG.emailInvalid],
    ['percentual', { percentual: -1 }, REGISTER_MSG.percentualInvalid],
    ['percentual', { percentual: 'abc' }, REGISTER_MSG.percentualInvalid],
  ])('refuses a bad %s with 400 and stores nothing (%o)', (field, over, message) =>
    expectBadPost('/api/clientes', valid({ cnpj: '45.723.174/0001-10', ...over }), clients, field, message),
  );

  it('refuses a duplicate CNPJ with 409', async () => {
    const res = await send(admin, 'POST', '/api/clientes', valid({ razao: 'Outra', cnpj: '11222333000181' }));
    expectError(res, 409, REGISTER_MSG.clientDuplicateCnpj);
  });

  it('searches razao plus fantasia without regard to case, pages with limit/offset and X-Total-Count', async () => {
    const byFantasia = await send(tec.cookie, 'GET', '/api/clientes?search=SOLAR%20b');
    expect(byFantasia.statusCode).toBe(200);
    expect(byFantasia.json().map((c: { razao: string }) => c.razao)).toEqual(['Beta Ltda']);
    const byRazao = await send(user.cookie, 'GET', '/api/clientes?search=alfa%20energia');
    expect(byRazao.json()).toHaveLength(1);
    expect(byRazao.headers['x-total-count']).toBe('1');
    const page = await send(admin, 'GET', '/api/clientes?limit=1&offset=1');
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].razao).toBe('Beta Ltda');
    expect(page.headers['x-total-count']).toBe('2');
    const none = await send(admin, 'GET', '/api/clientes?search=%25');
    expect(none.json()).toHaveLength(0);
  });

  it('updates a client, keeps its codigo and audits the change', async () => {
    const res = await send(
      admin,
      'PUT',
      `/api/clientes/${created.id}`,
      valid({ razao: 'Alfa Energia S.A.', codigo: 77, percentual: 2 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      razao: 'Alfa Energia S.A.',
      nome: 'Alfa Energia S.A.',
      codigo: created.codigo,
      percentual: 2,
    });
    const [audit] = await auditEntries('client', created.id, 'update');
    expect(audit?.changes).toMatchObject({ razao: { antes: 'Alfa Energia Ltda', depois: 'Alfa Energia S.A.' } });
    expect((await send(admin, 'PUT', '/api/clientes/99999', valid())).statusCode).toBe(404);
  });

  it('refuses to delete a client with orders (409) and deletes one without', async () => {
    await ctx.db.insert(orders).values({ numero: 9001, data: '2026-01-10', clientId: created.id });
    expectError(await send(admin, 'DELETE', `/api/clientes/${created.id}`), 409, REGISTER_MSG.clientInUse);
    expect(await ctx.db.select().from(clients).where(eq(clients.id, created.id))).toHaveLength(1);
    await ctx.db.delete(orders).where(eq(orders.numero, 9001));
    expect((await send(admin, 'DELETE', `/api/clientes/${created.id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(clients).where(eq(clients.id, created.id))).toHaveLength(0);
    expect(await auditEntries('client', created.id, 'delete')).toHaveLength(1);
  });
});

describe('clients API: role matrix', () => {
  itAnswersGetAs('/api/clientes', [
    ['none', 401],
    ['tec', 200],
    ['user', 200],
    ['admin', 200],
  ]);

  it.each(['none', 'tec', 'user'] as const)('writes as %s are refused and change nothing', async (who) => {
    const [target] = await ctx.db.select().from(clients).limit(1);
    const payload = valid({ cnpj: '45.723.174/0001-10' });
    await expectRefusedUnchanged(who, clients, [
      { method: 'POST', url: '/api/clientes', payload },
      { method: 'PUT', url: `/api/clientes/${target!.id}`, payload },
      { method: 'DELETE', url: `/api/clientes/${target!.id}` },
    ]);
    const [after] = await ctx.db.select().from(clients).where(eq(clients.id, target!.id));
    expect(after?.razao).toBe(target!.razao);
  });
});
