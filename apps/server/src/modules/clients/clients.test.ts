import { REGISTER_MSG } from '@os/shared';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, ctx } from '../../../test/file-app';
import { auditLog, clients, orders } from '../../db/schema';

let user: string;
let tec: string;

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

beforeAll(async () => {
  user = (await ctx.signedIn('user')).cookie;
  tec = (await ctx.signedIn('tec')).cookie;
});

async function clientCount() {
  const [row] = await ctx.db.select({ n: count() }).from(clients);
  return row!.n;
}

describe('clients API', () => {
  let created: { id: number; codigo: number };

  it('creates a client with a codigo from the counter, the default percentual and both field spellings', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { cookie: admin },
      payload: valid({ codigo: 999 }),
    });
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
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { cookie: admin },
      payload: valid({
        razao: 'Beta Ltda',
        fantasia: 'Solar Beta',
        cnpj: '12.ABC.345/01DE-35',
        percentual: '1,5',
        uf: 'rj',
        estado: undefined,
      }),
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ codigo: created.codigo + 1, cnpj: '12ABC34501DE35', percentual: 1.5, uf: 'RJ' });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'client'), eq(auditLog.entityId, created.id), eq(auditLog.action, 'create')));
    expect(audits).toHaveLength(1);
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
  ])('refuses a bad %s with 400 and stores nothing (%o)', async (field, over, message) => {
    const before = await clientCount();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { cookie: admin },
      payload: valid({ cnpj: '45.723.174/0001-10', ...over }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().error).toContain(message);
    expect(await clientCount()).toBe(before);
  });

  it('refuses a duplicate CNPJ with 409', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { cookie: admin },
      payload: valid({ razao: 'Outra', cnpj: '11222333000181' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(REGISTER_MSG.clientDuplicateCnpj);
  });

  it('searches razao plus fantasia without regard to case, pages with limit/offset and X-Total-Count', async () => {
    const byFantasia = await ctx.app.inject({ method: 'GET', url: '/api/clientes?search=SOLAR%20b', headers: { cookie: tec } });
    expect(byFantasia.statusCode).toBe(200);
    expect(byFantasia.json().map((c: { razao: string }) => c.razao)).toEqual(['Beta Ltda']);
    const byRazao = await ctx.app.inject({
      method: 'GET',
      url: '/api/clientes?search=alfa%20energia',
      headers: { cookie: user },
    });
    expect(byRazao.json()).toHaveLength(1);
    expect(byRazao.headers['x-total-count']).toBe('1');
    const page = await ctx.app.inject({ method: 'GET', url: '/api/clientes?limit=1&offset=1', headers: { cookie: admin } });
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].razao).toBe('Beta Ltda');
    expect(page.headers['x-total-count']).toBe('2');
    const none = await ctx.app.inject({ method: 'GET', url: '/api/clientes?search=%25', headers: { cookie: admin } });
    expect(none.json()).toHaveLength(0);
  });

  it('updates a client, keeps its codigo and audits the change', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/clientes/${created.id}`,
      headers: { cookie: admin },
      payload: valid({ razao: 'Alfa Energia S.A.', codigo: 77, percentual: 2 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      razao: 'Alfa Energia S.A.',
      nome: 'Alfa Energia S.A.',
      codigo: created.codigo,
      percentual: 2,
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'client'), eq(auditLog.entityId, created.id), eq(auditLog.action, 'update')));
    expect(audit?.changes).toMatchObject({ razao: { antes: 'Alfa Energia Ltda', depois: 'Alfa Energia S.A.' } });
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/clientes/99999',
      headers: { cookie: admin },
      payload: valid(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to delete a client with orders (409) and deletes one without', async () => {
    await ctx.db.insert(orders).values({ numero: 9001, data: '2026-01-10', clientId: created.id });
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/clientes/${created.id}`, headers: { cookie: admin } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(REGISTER_MSG.clientInUse);
    expect(await ctx.db.select().from(clients).where(eq(clients.id, created.id))).toHaveLength(1);
    await ctx.db.delete(orders).where(eq(orders.numero, 9001));
    const ok = await ctx.app.inject({ method: 'DELETE', url: `/api/clientes/${created.id}`, headers: { cookie: admin } });
    expect(ok.statusCode).toBe(200);
    expect(await ctx.db.select().from(clients).where(eq(clients.id, created.id))).toHaveLength(0);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'client'), eq(auditLog.entityId, created.id), eq(auditLog.action, 'delete')));
    expect(audits).toHaveLength(1);
  });

  describe('role matrix', () => {
    it.each([
      ['none', 401],
      ['tec', 200],
      ['user', 200],
      ['admin', 200],
    ])('GET /api/clientes as %s answers %i', async (who, status) => {
      const cookie = { none: '', tec, user, admin }[who]!;
      const res = await ctx.app.inject({ method: 'GET', url: '/api/clientes', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(status);
    });

    it.each(['none', 'tec', 'user'])('writes as %s are refused and change nothing', async (who) => {
      const cookie = { none: '', tec, user }[who]!;
      const headers = cookie ? { cookie } : {};
      const expected = who === 'none' ? 401 : 403;
      const before = await clientCount();
      const [target] = await ctx.db.select().from(clients).limit(1);
      const payload = valid({ cnpj: '45.723.174/0001-10' });
      for (const req of [
        { method: 'POST' as const, url: '/api/clientes' },
        { method: 'PUT' as const, url: `/api/clientes/${target!.id}` },
        { method: 'DELETE' as const, url: `/api/clientes/${target!.id}` },
      ]) {
        const res = await ctx.app.inject({ ...req, headers, payload: req.method === 'DELETE' ? undefined : payload });
        expect(res.statusCode).toBe(expected);
      }
      expect(await clientCount()).toBe(before);
      const [after] = await ctx.db.select().from(clients).where(eq(clients.id, target!.id));
      expect(after?.razao).toBe(target!.razao);
    });
  });
});
