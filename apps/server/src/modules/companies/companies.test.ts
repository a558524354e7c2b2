import { REGISTER_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, ctx, useFileApp } from '../../../test/file-app';
import { auditEntries, expectBadPost, expectError, expectRefusedUnchanged, send } from '../../../test/requests';
import { companies } from '../../db/schema';

useFileApp();

describe('companies API', () => {
  let id: number;

  it('creates, lists, updates and deletes a company, with audit entries', async () => {
    const res = await send(admin, 'POST', '/api/empresas', {
      nome: 'Energia & Serviços',
      cnpj: '11.222.333/0001-81',
      ie: '123.456',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ nome: 'Energia & Serviços', cnpj: '11222333000181', ie: '123.456' });
    id = res.json().id;
    const list = await send(admin, 'GET', '/api/empresas');
    expect(list.json()).toContainEqual({ id, nome: 'Energia & Serviços', cnpj: '11222333000181', ie: '123.456' });

    const upd = await send(admin, 'PUT', `/api/empresas/${id}`, { nome: 'Energia e Serviços', cnpj: '', ie: '' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toEqual({ id, nome: 'Energia e Serviços', cnpj: '', ie: '' });

    expect((await send(admin, 'DELETE', `/api/empresas/${id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(0);
    const trail = await auditEntries('company', id);
    expect(trail.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it.each([
    ['nome', { nome: '' }, REGISTER_MSG.companyRequired],
    ['nome', { nome: undefined }, REGISTER_MSG.companyRequired],
    ['cnpj', { cnpj: '11.222.333/0001-80' }, REGISTER_MSG.cnpjInvalid],
  ])('refuses a bad %s with 400 and stores nothing', (field, over, message) =>
    expectBadPost('/api/empresas', { nome: 'Empresa', cnpj: '', ie: '', ...over }, companies, field, message),
  );

  it('refuses a second company with the same CNPJ (409)', async () => {
    const payload = { nome: 'Primeira', cnpj: '12.ABC.345/01DE-35', ie: '' };
    expect((await send(admin, 'POST', '/api/empresas', payload)).statusCode).toBe(201);
    const dup = await send(admin, 'POST', '/api/empresas', { ...payload, nome: 'Segunda' });
    expectError(dup, 409, REGISTER_MSG.companyDuplicateCnpj);
  });

  describe('role matrix: every route is admin-only', () => {
    it.each(['none', 'tec', 'user'] as const)('as %s every route is refused and nothing changes', async (who) => {
      const values = { nome: `Alvo ${who}` };
      const [target] = await ctx.db.insert(companies).values(values).returning();
      await expectRefusedUnchanged(who, companies, [
        { method: 'GET', url: '/api/empresas' },
        { method: 'POST', url: '/api/empresas', payload: { nome: 'Nova' } },
        { method: 'PUT', url: `/api/empresas/${target!.id}`, payload: { nome: 'Mudou' } },
        { method: 'DELETE', url: `/api/empresas/${target!.id}` },
      ]);
      const [after] = await ctx.db.select().from(companies).where(eq(companies.id, target!.id));
      expect(after?.nome).toBe(`Alvo ${who}`);
    });
  });
});
