import { REGISTER_MSG } from '@os/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, ctx, expectRefused, headersAs, tec } from '../../../test/file-app';
import { auditLog, clients, expenses, expenseTypes, orders } from '../../db/schema';

async function typeCount() {
  const [row] = await ctx.db.select({ n: count() }).from(expenseTypes);
  return row!.n;
}

async function audits(id: number, action: 'create' | 'update' | 'delete') {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'expense_type'), eq(auditLog.entityId, id), eq(auditLog.action, action)));
}

describe('expense types API', () => {
  let id: number;

  it('creates, lists and updates an expense type, with audit entries', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tipodespesa',
      headers: { cookie: admin },
      payload: { despesa: ' Pedágio ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ despesa: 'Pedágio' });
    id = res.json().id;
    const list = await ctx.app.inject({ method: 'GET', url: '/api/tipodespesa', headers: { cookie: tec.cookie } });
    expect(list.json()).toContainEqual({ id, despesa: 'Pedágio' });
    const upd = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tipodespesa/${id}`,
      headers: { cookie: admin },
      payload: { despesa: 'Estacionamento' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toEqual({ id, despesa: 'Estacionamento' });
    expect(await audits(id, 'create')).toHaveLength(1);
    expect((await audits(id, 'update'))[0]?.changes).toEqual({ despesa: { antes: 'Pedágio', depois: 'Estacionamento' } });
  });

  it.each([{ despesa: '' }, { despesa: '   ' }, {}])(
    'refuses %o with the product message and stores nothing',
    async (payload) => {
      const before = await typeCount();
      const res = await ctx.app.inject({ method: 'POST', url: '/api/tipodespesa', headers: { cookie: admin }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('despesa');
      expect(res.json().error).toContain(REGISTER_MSG.expenseTypeRequired);
      expect(await typeCount()).toBe(before);
    },
  );

  it('refuses a duplicate name (any case) with 409', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tipodespesa',
      headers: { cookie: admin },
      payload: { despesa: 'ESTACIONAMENTO' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(REGISTER_MSG.expenseTypeDuplicate);
  });

  it('refuses to delete a type used by expenses (409), deletes an unused one', async () => {
    const [client] = await ctx.db.insert(clients).values({ codigo: 500, razao: 'Cliente X', cnpj: '11222333000181' }).returning();
    const [order] = await ctx.db.insert(orders).values({ numero: 700, data: '2026-02-01', clientId: client!.id }).returning();
    await ctx.db.insert(expenses).values({
      orderId: order!.id,
      data: '2026-02-01',
      docnr: '1',
      valorCentavos: 100,
      descricao: 'Estacionamento do cliente',
      expenseTypeId: id,
    });
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/tipodespesa/${id}`, headers: { cookie: admin } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(REGISTER_MSG.expenseTypeInUse);
    expect(await ctx.db.select().from(expenseTypes).where(eq(expenseTypes.id, id))).toHaveLength(1);

    await ctx.db.delete(expenses).where(eq(expenses.expenseTypeId, id));
    const ok = await ctx.app.inject({ method: 'DELETE', url: `/api/tipodespesa/${id}`, headers: { cookie: admin } });
    expect(ok.statusCode).toBe(200);
    expect(await ctx.db.select().from(expenseTypes).where(eq(expenseTypes.id, id))).toHaveLength(0);
    expect(await audits(id, 'delete')).toHaveLength(1);
    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/tipodespesa/${id}`, headers: { cookie: admin } });
    expect(gone.statusCode).toBe(404);
  });

  describe('role matrix', () => {
    it.each([
      ['none', 401],
      ['tec', 200],
      ['user', 200],
      ['admin', 200],
    ] as const)('GET /api/tipodespesa as %s answers %i', async (who, status) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/tipodespesa', headers: headersAs(who) });
      expect(res.statusCode).toBe(status);
    });

    it.each(['none', 'tec', 'user'] as const)('writes as %s are refused and change nothing', async (who) => {
      const [target] = await ctx.db
        .insert(expenseTypes)
        .values({ despesa: `Alvo ${who}` })
        .returning();
      const before = await typeCount();
      await expectRefused(who, [
        { method: 'POST', url: '/api/tipodespesa', payload: { despesa: 'Nova' } },
        { method: 'PUT', url: `/api/tipodespesa/${target!.id}`, payload: { despesa: 'Mudou' } },
        { method: 'DELETE', url: `/api/tipodespesa/${target!.id}` },
      ]);
      expect(await typeCount()).toBe(before);
      const [after] = await ctx.db.select().from(expenseTypes).where(eq(expenseTypes.id, target!.id));
      expect(after?.despesa).toBe(`Alvo ${who}`);
    });
  });
});
