import { REGISTER_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, ctx, tec, useFileApp } from '../../../test/file-app';
import { auditEntries, expectBadPost, expectError, expectRefusedUnchanged, itAnswersGetAs, send } from '../../../test/requests';
import { clients, expenses, expenseTypes, orders } from '../../db/schema';

useFileApp();

describe('expense types API', () => {
  let id: number;

  it('creates, lists and updates an expense type, with audit entries', async () => {
    const res = await send(admin, 'POST', '/api/tipodespesa', { despesa: ' Pedágio ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ despesa: 'Pedágio' });
    id = res.json().id;
    const list = await send(tec.cookie, 'GET', '/api/tipodespesa');
    expect(list.json()).toContainEqual({ id, despesa: 'Pedágio' });
    const upd = await send(admin, 'PUT', `/api/tipodespesa/${id}`, { despesa: 'Estacionamento' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toEqual({ id, despesa: 'Estacionamento' });
    expect(await auditEntries('expense_type', id, 'create')).toHaveLength(1);
    expect((await auditEntries('expense_type', id, 'update'))[0]?.changes).toEqual({
      despesa: { antes: 'Pedágio', depois: 'Estacionamento' },
    });
  });

  it.each([{ despesa: '' }, { despesa: '   ' }, {}])('refuses %o with the product message and stores nothing', (payload) =>
    expectBadPost('/api/tipodespesa', payload, expenseTypes, 'despesa', REGISTER_MSG.expenseTypeRequired),
  );

  it('refuses a duplicate name (any case) with 409', async () => {
    const res = await send(admin, 'POST', '/api/tipodespesa', { despesa: 'ESTACIONAMENTO' });
    expectError(res, 409, REGISTER_MSG.expenseTypeDuplicate);
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
    expectError(await send(admin, 'DELETE', `/api/tipodespesa/${id}`), 409, REGISTER_MSG.expenseTypeInUse);
    expect(await ctx.db.select().from(expenseTypes).where(eq(expenseTypes.id, id))).toHaveLength(1);

    await ctx.db.delete(expenses).where(eq(expenses.expenseTypeId, id));
    expect((await send(admin, 'DELETE', `/api/tipodespesa/${id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(expenseTypes).where(eq(expenseTypes.id, id))).toHaveLength(0);
    expect(await auditEntries('expense_type', id, 'delete')).toHaveLength(1);
    expect((await send(admin, 'DELETE', `/api/tipodespesa/${id}`)).statusCode).toBe(404);
  });

  describe('role matrix', () => {
    itAnswersGetAs('/api/tipodespesa', [
      ['none', 401],
      ['tec', 200],
      ['user', 200],
      ['admin', 200],
    ]);

    it.each(['none', 'tec', 'user'] as const)('writes as %s are refused and change nothing', async (who) => {
      const [target] = await ctx.db
        .insert(expenseTypes)
        .values({ despesa: `Alvo ${who}` })
        .returning();
      await expectRefusedUnchanged(who, expenseTypes, [
        { method: 'POST', url: '/api/tipodespesa', payload: { despesa: 'Nova' } },
        { method: 'PUT', url: `/api/tipodespesa/${target!.id}`, payload: { despesa: 'Mudou' } },
        { method: 'DELETE', url: `/api/tipodespesa/${target!.id}` },
      ]);
      const [after] = await ctx.db.select().from(expenseTypes).where(eq(expenseTypes.id, target!.id));
      expect(after?.despesa).toBe(`Alvo ${who}`);
    });
  });
});
