import { MAT_MSG } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMaterialRow, expectLedgerBalanced } from '../../../test/factories/materials';
import { auditOf, createOrder } from '../../../test/factories/orders';
import { admin, ctx, otherTec, tec, useFileApp, user } from '../../../test/file-app';
import { expectBadRequest, expectError, send } from '../../../test/requests';
import { orderMaterials, stockMovements } from '../../db/schema';
import { MSG_ORDER_CLOSED, MSG_ORDER_NOT_YOURS } from '../order-records/order-guard';

useFileApp();

let vanId: number;
let warehouseId: number;
const saldo = async (placeId: number, materialId: number) =>
  (await send(admin, 'GET', `/api/estoques/${placeId}/saldos?limit=1000`))
    .json()
    .find((s: { materialId: number }) => s.materialId === materialId) ?? null;
const lines = async (orderId: number, cookie = admin) => (await send(cookie, 'GET', `/api/os/${orderId}/materiais`)).json();

beforeAll(async () => {
  const places = (await send(admin, 'GET', '/api/estoques')).json();
  vanId = places.find((p: { tecnicoId: number }) => p.tecnicoId === tec.id).id;
  warehouseId = places.find((p: { tipo: string }) => p.tipo === 'almoxarifado').id;
});
afterEach(() => expectLedgerBalanced(ctx.db));

describe('materials on the order', () => {
  it("a technician's line leaves their vehicle as a consumo naming the order; the van goes negative, never refused", async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const m = await createMaterialRow(ctx.db, { precoVendaCentavos: 1250 });
    await send(admin, 'POST', '/api/estoques/movimentos', { tipo: 'entrada', materialId: m.id, quantidade: 1, destinoId: vanId });
    const res = await send(tec.cookie, 'POST', `/api/os/${order.id}/materiais`, {
      materialId: m.id,
      quantidade: 3,
      obs: 'Troca',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      codigo: m.codigo,
      quantidade: 3,
      precoCentavos: 1250,
      totalCentavos: 3750,
      localId: vanId,
    });
    expect(await saldo(vanId, m.id)).toMatchObject({ saldo: -2, negativo: true });
    const [consumo] = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.materialId, m.id), eq(stockMovements.tipo, 'consumo')));
    expect(consumo).toMatchObject({ origemId: vanId, orderId: order.id, orderNumero: order.numero, username: tec.username });
    expect((await auditOf(ctx.db, order.id)).some((a) => a.entity === 'material_os' && a.action === 'create')).toBe(true);
    // The office sees it in red until a transfer fixes it.
    const list = (await send(admin, 'GET', '/api/estoques')).json();
    expect(list.find((p: { id: number }) => p.id === vanId).negativos).toBeGreaterThan(0);
  });

  it('changing the quantity moves the difference; another material returns the old one; removing returns it all', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const cable = await createMaterialRow(ctx.db, { unidade: 'm', precoVendaCentavos: 800 });
    const fuse = await createMaterialRow(ctx.db, { precoVendaCentavos: 300 });
    await send(admin, 'POST', '/api/estoques/movimentos', {
      tipo: 'entrada',
      materialId: cable.id,
      quantidade: 10,
      destinoId: vanId,
    });
    const line = (
      await send(tec.cookie, 'POST', `/api/os/${order.id}/materiais`, { materialId: cable.id, quantidade: 4.5 })
    ).json();
    expect((await saldo(vanId, cable.id)).saldo).toBe(5.5);
    // The price of the moment the line was made is kept.
    await send(admin, 'PUT', `/api/materiais/${cable.id}`, {
      codigo: cable.codigo,
      descricao: 'Cabo',
      unidade: 'm',
      precoVenda: 99,
    });
    const less = await send(tec.cookie, 'PUT', `/api/os/${order.id}/materiais/${line.id}`, {
      materialId: cable.id,
      quantidade: 2,
    });
    expect(less.json()).toMatchObject({ quantidade: 2, precoCentavos: 800, totalCentavos: 1600 });
    expect((await saldo(vanId, cable.id)).saldo).toBe(8);
    await send(tec.cookie, 'PUT', `/api/os/${order.id}/materiais/${line.id}`, { materialId: cable.id, quantidade: 3 });
    expect((await saldo(vanId, cable.id)).saldo).toBe(7);
    const other = await send(user.cookie, 'PUT', `/api/os/${order.id}/materiais/${line.id}`, {
      materialId: fuse.id,
      quantidade: 2,
    });
    expect(other.json()).toMatchObject({ codigo: fuse.codigo, precoCentavos: 300, totalCentavos: 600 });
    expect((await saldo(vanId, cable.id)).saldo).toBe(10);
    expect((await saldo(vanId, fuse.id)).saldo).toBe(-2);
    expect((await send(admin, 'DELETE', `/api/os/${order.id}/materiais/${line.id}`)).statusCode).toBe(200);
    expect(await saldo(vanId, fuse.id)).toBeNull();
    expect(await lines(order.id)).toEqual([]);
    const devolucoes = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.tipo, 'devolucao')));
    expect(devolucoes.map((d) => d.quantidadeMil).sort()).toEqual([2000, 2500, 3000]);
  });

  it('a material without stock control moves nothing; an order without technician takes from the warehouse', async () => {
    const free = await createMaterialRow(ctx.db, { controlaEstoque: false });
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await send(admin, 'POST', `/api/os/${order.id}/materiais`, { materialId: free.id, quantidade: 2 });
    expect(res.json().localId).toBeNull();
    expect(await ctx.db.select().from(stockMovements).where(eq(stockMovements.materialId, free.id))).toEqual([]);
    const unassigned = await createOrder(ctx.db, { technicianId: null });
    const m = await createMaterialRow(ctx.db);
    expect(
      (await send(admin, 'POST', `/api/os/${unassigned.id}/materiais`, { materialId: m.id, quantidade: 1 })).json().localId,
    ).toBe(warehouseId);
  });

  it('a replayed offline line (same Idempotency-Key) is counted once', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const m = await createMaterialRow(ctx.db);
    const post = () =>
      send(
        tec.cookie,
        'POST',
        `/api/os/${order.id}/materiais`,
        { materialId: m.id, quantidade: 2 },
        { 'idempotency-key': `mat-${m.id}-0001` },
      );
    const answers = await Promise.all([post(), post(), post()]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await lines(order.id, tec.cookie)).toHaveLength(1);
    expect((await saldo(vanId, m.id)).saldo).toBe(-2);
  });

  it('who writes: the order technician, admins and users; another technician 403; a Fechado order 409', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const m = await createMaterialRow(ctx.db, { controlaEstoque: false });
    const body = { materialId: m.id, quantidade: 1 };
    expectError(await send(otherTec.cookie, 'POST', `/api/os/${order.id}/materiais`, body), 403, MSG_ORDER_NOT_YOURS);
    expect((await send(otherTec.cookie, 'GET', `/api/os/${order.id}/materiais`)).statusCode).toBe(403);
    for (const cookie of [tec.cookie, user.cookie, admin])
      expect((await send(cookie, 'POST', `/api/os/${order.id}/materiais`, body)).statusCode).toBe(201);
    const line = (await lines(order.id))[0];
    expect((await send(otherTec.cookie, 'DELETE', `/api/os/${order.id}/materiais/${line.id}`)).statusCode).toBe(403);
    // A line of another order is not found under this one.
    const another = await createOrder(ctx.db, { technicianId: tec.id });
    expect((await send(admin, 'DELETE', `/api/os/${another.id}/materiais/${line.id}`)).statusCode).toBe(404);
    const closed = await createOrder(ctx.db, { technicianId: tec.id, status: 'Fechado' });
    expectError(await send(admin, 'POST', `/api/os/${closed.id}/materiais`, body), 409, MSG_ORDER_CLOSED);
    await ctx.db.update(orderMaterials).set({ orderId: closed.id }).where(eq(orderMaterials.id, line.id));
    expectError(await send(admin, 'PUT', `/api/os/${closed.id}/materiais/${line.id}`, body), 409, MSG_ORDER_CLOSED);
    expectError(await send(admin, 'DELETE', `/api/os/${closed.id}/materiais/${line.id}`), 409, MSG_ORDER_CLOSED);
  });

  it.each([
    [{ materialId: '', quantidade: 1 }, 'materialId', MAT_MSG.materialRequired],
    [{ materialId: null, quantidade: 1 }, 'materialId', MAT_MSG.materialRequired],
    [{ materialId: 99999, quantidade: 1 }, 'materialId', MAT_MSG.materialRequired],
    [{ quantidade: 0.5 }, 'quantidade', MAT_MSG.quantityWhole('un')],
    [{ quantidade: 0 }, 'quantidade', MAT_MSG.quantityRequired],
    [{ quantidade: 'dois' }, 'quantidade', MAT_MSG.quantityRequired],
  ])('refuses %o naming the field, nothing stored', async (payload, field, message) => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const m = await createMaterialRow(ctx.db);
    expectBadRequest(
      await send(tec.cookie, 'POST', `/api/os/${order.id}/materiais`, { materialId: m.id, ...payload }),
      message,
      field,
    );
    expect(await lines(order.id)).toEqual([]);
  });

  it('refuses an inactive material', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const m = await createMaterialRow(ctx.db, { ativo: false });
    expectBadRequest(
      await send(tec.cookie, 'POST', `/api/os/${order.id}/materiais`, { materialId: m.id, quantidade: 1 }),
      MAT_MSG.materialInactive,
      'materialId',
    );
  });
});
