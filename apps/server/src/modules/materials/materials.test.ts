import { MAT_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMaterialRow } from '../../../test/factories/materials';
import { createOrder } from '../../../test/factories/orders';
import { admin, ctx, tec, useFileApp } from '../../../test/file-app';
import { auditEntries, expectBadPost, expectError, expectRefusedUnchanged, itAnswersGetAs, send } from '../../../test/requests';
import { materials, stockMovements } from '../../db/schema';

useFileApp();

const valid = { codigo: 'CAP-45', descricao: 'Capacitor 45 µF', unidade: 'un', precoVenda: '12,50' };

describe('Materiais register', () => {
  it('creates with the price in centavos, reads, updates with an audit entry', async () => {
    const res = await send(admin, 'POST', '/api/materiais', valid);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      codigo: 'CAP-45',
      precoVenda: 12.5,
      precoVendaCentavos: 1250,
      controlaEstoque: true,
      ativo: true,
    });
    const id = res.json().id;
    expect((await send(tec.cookie, 'GET', `/api/materiais/${id}`)).json().descricao).toBe('Capacitor 45 µF');
    const upd = await send(admin, 'PUT', `/api/materiais/${id}`, { ...valid, precoVenda: 13.9, controlaEstoque: false });
    expect(upd.json()).toMatchObject({ precoVendaCentavos: 1390, controlaEstoque: false });
    expect((await auditEntries('material', id, 'update'))[0]?.changes).toMatchObject({
      precoVendaCentavos: { antes: 1250, depois: 1390 },
    });
  });

  it('searches código and descrição without regard to case and accents, paged with X-Total-Count', async () => {
    await createMaterialRow(ctx.db, { codigo: 'FUS-10', descricao: 'Fusível NH 10 A' });
    await createMaterialRow(ctx.db, { codigo: 'FUS-20', descricao: 'Fusível NH 20 A' });
    const res = await send(tec.cookie, 'GET', '/api/materiais?search=FUSIVEL&limit=1');
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((m: { codigo: string }) => m.codigo)).toEqual(['FUS-10']);
    const page2 = await send(tec.cookie, 'GET', '/api/materiais?search=fus&limit=1&offset=1');
    expect(page2.json()[0].descricao).toBe('Fusível NH 20 A');
  });

  it('refuses a duplicate código in any case with 409, nothing stored', async () => {
    await createMaterialRow(ctx.db, { codigo: 'DUP-1' });
    expectError(await send(admin, 'POST', '/api/materiais', { ...valid, codigo: 'dup-1' }), 409, MAT_MSG.duplicateCodigo);
    expect(await ctx.db.select().from(materials).where(eq(materials.codigo, 'dup-1'))).toHaveLength(0);
  });

  it.each([
    [{ ...valid, codigo: ' ' }, 'codigo', MAT_MSG.codigoRequired],
    [{ ...valid, descricao: undefined }, 'descricao', MAT_MSG.descricaoRequired],
    [{ ...valid, unidade: 'litro' }, 'unidade', MAT_MSG.unidadeInvalid],
    [{ ...valid, precoVenda: '-3' }, 'precoVenda', MAT_MSG.precoInvalid],
    [{ ...valid, precoVenda: 'abc' }, 'precoVenda', MAT_MSG.precoInvalid],
  ])('refuses %o naming the field', (payload, field, message) =>
    expectBadPost('/api/materiais', payload, materials, field, message),
  );

  it('keeps a material that moved stock or was used (409) and deletes an unused one', async () => {
    const used = await createMaterialRow(ctx.db);
    await ctx.db.insert(stockMovements).values({ tipo: 'entrada', materialId: used.id, quantidadeMil: 1000, username: 'x' });
    expectError(await send(admin, 'DELETE', `/api/materiais/${used.id}`), 409, MAT_MSG.inUse);
    const free = await createMaterialRow(ctx.db);
    expect((await send(admin, 'DELETE', `/api/materiais/${free.id}`)).statusCode).toBe(200);
    expect((await send(admin, 'GET', `/api/materiais/${free.id}`)).statusCode).toBe(404);
    // The ledger row is never deleted: the test leaves a movement without balance on purpose, so remove it here.
    await ctx.db.delete(stockMovements).where(eq(stockMovements.materialId, used.id));
  });

  it('a material used on an order cannot be deleted', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const m = await createMaterialRow(ctx.db, { controlaEstoque: false });
    expect(
      (await send(tec.cookie, 'POST', `/api/os/${order.id}/materiais`, { materialId: m.id, quantidade: 1 })).statusCode,
    ).toBe(201);
    expectError(await send(admin, 'DELETE', `/api/materiais/${m.id}`), 409, MAT_MSG.inUse);
  });

  describe('role matrix', () => {
    itAnswersGetAs('/api/materiais', [
      ['none', 401],
      ['tec', 200],
      ['user', 200],
      ['admin', 200],
    ]);

    it.each(['none', 'tec', 'user'] as const)('writes as %s are refused and change nothing', async (who) => {
      const target = await createMaterialRow(ctx.db);
      await expectRefusedUnchanged(who, materials, [
        { method: 'POST', url: '/api/materiais', payload: { ...valid, codigo: `N-${who}` } },
        { method: 'PUT', url: `/api/materiais/${target.id}`, payload: valid },
        { method: 'DELETE', url: `/api/materiais/${target.id}` },
      ]);
    });
  });
});
