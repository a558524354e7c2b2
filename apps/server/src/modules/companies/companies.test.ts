import { REGISTER_MSG } from '@os/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, ctx, expectRefused } from '../../../test/file-app';
import { auditLog, companies } from '../../db/schema';

async function companyCount() {
  const [row] = await ctx.db.select({ n: count() }).from(companies);
  return row!.n;
}

describe('companies API', () => {
  let id: number;

  it('creates, lists, updates and deletes a company, with audit entries', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/empresas',
      headers: { cookie: admin },
      payload: { nome: 'Energia & Serviços', cnpj: '11.222.333/0001-81', ie: '123.456' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ nome: 'Energia & Serviços', cnpj: '11222333000181', ie: '123.456' });
    id = res.json().id;
    const list = await ctx.app.inject({ method: 'GET', url: '/api/empresas', headers: { cookie: admin } });
    expect(list.json()).toContainEqual({ id, nome: 'Energia & Serviços', cnpj: '11222333000181', ie: '123.456' });

    const upd = await ctx.app.inject({
      method: 'PUT',
      url: `/api/empresas/${id}`,
      headers: { cookie: admin },
      payload: { nome: 'Energia e Serviços', cnpj: '', ie: '' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toEqual({ id, nome: 'Energia e Serviços', cnpj: '', ie: '' });

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/empresas/${id}`, headers: { cookie: admin } });
    expect(del.statusCode).toBe(200);
    expect(await ctx.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(0);
    const trail = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'company'), eq(auditLog.entityId, id)));
    expect(trail.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it.each([
    ['nome', { nome: '' }, REGISTER_MSG.companyRequired],
    ['nome', { nome: undefined }, REGISTER_MSG.companyRequired],
    ['cnpj', { cnpj: '11.222.333/0001-80' }, REGISTER_MSG.cnpjInvalid],
  ])('refuses a bad %s with 400 and stores nothing', async (field, over, message) => {
    const before = await companyCount();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/empresas',
      headers: { cookie: admin },
      payload: { nome: 'Empresa', cnpj: '', ie: '', ...over },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().error).toContain(message);
    expect(await companyCount()).toBe(before);
  });

  it('refuses a second company with the same CNPJ (409)', async () => {
    const payload = { nome: 'Primeira', cnpj: '12.ABC.345/01DE-35', ie: '' };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/empresas', headers: { cookie: admin }, payload })).statusCode).toBe(
      201,
    );
    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/api/empresas',
      headers: { cookie: admin },
      payload: { ...payload, nome: 'Segunda' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(REGISTER_MSG.companyDuplicateCnpj);
  });

  describe('role matrix: every route is admin-only', () => {
    it.each(['none', 'tec', 'user'] as const)('as %s every route is refused and nothing changes', async (who) => {
      const [target] = await ctx.db
        .insert(companies)
        .values({ nome: `Alvo ${who}` })
        .returning();
      const before = await companyCount();
      await expectRefused(who, [
        { method: 'GET', url: '/api/empresas' },
        { method: 'POST', url: '/api/empresas', payload: { nome: 'Nova' } },
        { method: 'PUT', url: `/api/empresas/${target!.id}`, payload: { nome: 'Mudou' } },
        { method: 'DELETE', url: `/api/empresas/${target!.id}` },
      ]);
      expect(await companyCount()).toBe(before);
      const [after] = await ctx.db.select().from(companies).where(eq(companies.id, target!.id));
      expect(after?.nome).toBe(`Alvo ${who}`);
    });
  });
});
