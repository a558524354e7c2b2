import { MAT_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMaterialRow, expectLedgerBalanced } from '../../../test/factories/materials';
import { admin, ctx, otherTec, tec, useFileApp, user } from '../../../test/file-app';
import { expectBadRequest, expectError, send } from '../../../test/requests';
import { stockBalances, stockMovements, stockPlaces } from '../../db/schema';

useFileApp();

type Place = {
  id: number;
  nome: string;
  tipo: string;
  tecnicoId: number | null;
  negativos: number;
};

let warehouse: Place;
let van: Place;
const places = async (cookie = admin): Promise<Place[]> => (await send(cookie, 'GET', '/api/estoques')).json();
const saldo = async (placeId: number, materialId: number) =>
  (await send(admin, 'GET', `/api/estoques/${placeId}/saldos?limit=1000`))
    .json()
    .find((s: { materialId: number }) => s.materialId === materialId)?.saldo ?? 0;
const move = (payload: object, cookie = admin) => send(cookie, 'POST', '/api/estoques/movimentos', payload);

beforeAll(async () => {
  const all = await places();
  warehouse = all.find((p) => p.tipo === 'almoxarifado')!;
  van = all.find((p) => p.tecnicoId === tec.id)!;
});
afterEach(() => expectLedgerBalanced(ctx.db));

describe('stock places', () => {
  it("has the 'Almoxarifado' and one vehicle per active technician, named after them", async () => {
    const all = await places();
    expect(warehouse.nome).toBe('Almoxarifado');
    expect(van.nome).toMatch(new RegExp(`^Veículo – .*${tec.username}$`));
    expect(all.filter((p) => p.tecnicoId === otherTec.id)).toHaveLength(1);
    // Asked again, nothing is made twice.
    expect(await places()).toHaveLength(all.length);
  });

  it('a technician sees only their own vehicle; admins add places (409 for a taken name)', async () => {
    expect((await places(tec.cookie)).map((p) => p.id)).toEqual([van.id]);
    const res = await send(admin, 'POST', '/api/estoques', { nome: 'Depósito Filial' });
    expect(res.statusCode).toBe(201);
    expectError(await send(admin, 'POST', '/api/estoques', { nome: 'depósito filial' }), 409, MAT_MSG.placeDuplicate);
    expect((await send(user.cookie, 'POST', '/api/estoques', { nome: 'Outro' })).statusCode).toBe(403);
    expect((await send(tec.cookie, 'GET', `/api/estoques/${warehouse.id}/saldos`)).statusCode).toBe(403);
  });
});

describe('movements', () => {
  it('an entrada adds to the warehouse, a transfer moves to the van, each naming who, from and to', async () => {
    const m = await createMaterialRow(ctx.db);
    const entry = await move({ tipo: 'entrada', materialId: m.id, quantidade: 10, destinoId: warehouse.id });
    expect(entry.statusCode, entry.body).toBe(201);
    expect(entry.json()).toMatchObject({
      tipo: 'entrada',
      quantidade: 10,
      destino: 'Almoxarifado',
      origem: null,
      usuario: 'admin',
    });
    const t = await move(
      { tipo: 'transferencia', materialId: m.id, quantidade: '4', origemId: warehouse.id, destinoId: van.id },
      user.cookie,
    );
    expect(t.statusCode, t.body).toBe(201);
    expect(await saldo(warehouse.id, m.id)).toBe(6);
    expect(await saldo(van.id, m.id)).toBe(4);
    const list = await send(admin, 'GET', `/api/estoques/movimentos?materialId=${m.id}&localId=${van.id}`);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({ tipo: 'transferencia', origem: 'Almoxarifado', destino: van.nome });
  });

  it('refuses a transfer and a negative ajuste larger than the balance, nothing changed', async () => {
    const m = await createMaterialRow(ctx.db, { unidade: 'm' });
    await move({ tipo: 'entrada', materialId: m.id, quantidade: 2.5, destinoId: warehouse.id });
    const before = await ctx.db.select().from(stockMovements).where(eq(stockMovements.materialId, m.id));
    expectError(
      await move({ tipo: 'transferencia', materialId: m.id, quantidade: 3, origemId: warehouse.id, destinoId: van.id }),
      409,
      'Saldo insuficiente em Almoxarifado: 2,5 m.',
    );
    expectError(
      await move({ tipo: 'ajuste', materialId: m.id, quantidade: 2.6, origemId: warehouse.id, motivo: 'Perda' }),
      409,
      'Saldo insuficiente em Almoxarifado: 2,5 m.',
    );
    expect(await ctx.db.select().from(stockMovements).where(eq(stockMovements.materialId, m.id))).toHaveLength(before.length);
    expect(await saldo(warehouse.id, m.id)).toBe(2.5);
  });

  it('two transfers of the last units sent at once: one succeeds, one is refused, never below zero', async () => {
    const m = await createMaterialRow(ctx.db);
    await move({ tipo: 'entrada', materialId: m.id, quantidade: 5, destinoId: warehouse.id });
    const payload = { tipo: 'transferencia', materialId: m.id, quantidade: 5, origemId: warehouse.id, destinoId: van.id };
    const answers = await Promise.all(Array.from({ length: 6 }, () => move(payload)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await saldo(warehouse.id, m.id)).toBe(0);
    expect(await saldo(van.id, m.id)).toBe(5);
    const [row] = await ctx.db.select().from(stockBalances).where(eq(stockBalances.materialId, m.id));
    expect(row!.quantidadeMil).toBeGreaterThanOrEqual(0);
  });

  it.each([
    [{ tipo: 'entrada', quantidade: 1.5 }, 'quantidade', MAT_MSG.quantityWhole('un')],
    [{ tipo: 'entrada', quantidade: 0 }, 'quantidade', MAT_MSG.quantityRequired],
    [{ tipo: 'entrada', quantidade: -2 }, 'quantidade', MAT_MSG.quantityRequired],
    [{ tipo: 'entrada', quantidade: 1.0001 }, 'quantidade', MAT_MSG.quantityDecimals],
    [{ tipo: 'entrada', quantidade: 1, materialId: 999999 }, 'materialId', MAT_MSG.materialRequired],
    [{ tipo: 'transferencia', quantidade: 1, destinoId: -1 }, 'destinoId', 'Destino'],
    [{ tipo: 'ajuste', quantidade: 1 }, 'motivo', MAT_MSG.motivoRequired],
    [{ tipo: 'saida', quantidade: 1 }, 'tipo', MAT_MSG.tipoInvalid],
  ])('refuses %o naming the field, nothing changed', async (payload, field, message) => {
    const m = await createMaterialRow(ctx.db);
    const body = { materialId: m.id, destinoId: warehouse.id, ...payload };
    const res = await move(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().error).toContain(message);
    expect(await ctx.db.select().from(stockMovements).where(eq(stockMovements.materialId, m.id))).toHaveLength(0);
  });

  it('refuses a transfer to the same place and an ajuste naming both places', async () => {
    const m = await createMaterialRow(ctx.db);
    const same = { tipo: 'transferencia', materialId: m.id, quantidade: 1, origemId: van.id, destinoId: van.id };
    expectBadRequest(await move(same), MAT_MSG.samePlace, 'destinoId');
    const both = { tipo: 'ajuste', materialId: m.id, quantidade: 1, origemId: van.id, destinoId: warehouse.id, motivo: 'x' };
    expectBadRequest(await move(both), MAT_MSG.ajusteOneSide, 'origemId');
  });

  it('a technician posts no movement and reads no ledger', async () => {
    const m = await createMaterialRow(ctx.db);
    expect((await move({ tipo: 'entrada', materialId: m.id, quantidade: 1, destinoId: van.id }, tec.cookie)).statusCode).toBe(
      403,
    );
    expect((await send(tec.cookie, 'GET', '/api/estoques/movimentos')).statusCode).toBe(403);
  });
});

describe("'Conferir estoque'", () => {
  it('the counted quantities become one ajuste per difference; a technician counts only their own vehicle', async () => {
    const a = await createMaterialRow(ctx.db);
    const b = await createMaterialRow(ctx.db, { unidade: 'kg' });
    await move({ tipo: 'entrada', materialId: a.id, quantidade: 5, destinoId: van.id });
    await move({ tipo: 'entrada', materialId: b.id, quantidade: 1, destinoId: van.id });
    const res = await send(tec.cookie, 'POST', `/api/estoques/${van.id}/conferencia`, {
      itens: [
        { materialId: a.id, quantidade: 3 },
        { materialId: b.id, quantidade: '1,25' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await saldo(van.id, a.id)).toBe(3);
    expect(await saldo(van.id, b.id)).toBe(1.25);
    const adjustments = await ctx.db.select().from(stockMovements).where(eq(stockMovements.tipo, 'ajuste'));
    const mine = adjustments.filter((x) => x.materialId === a.id || x.materialId === b.id);
    expect(mine.map((x) => [x.quantidadeMil, x.origemId, x.destinoId, x.username, x.motivo])).toEqual(
      expect.arrayContaining([
        [2000, van.id, null, tec.username, 'Conferência de estoque'],
        [250, null, van.id, tec.username, 'Conferência de estoque'],
      ]),
    );
    const other = (await places()).find((p) => p.tecnicoId === otherTec.id)!;
    expectError(
      await send(tec.cookie, 'POST', `/api/estoques/${other.id}/conferencia`, { itens: [{ materialId: a.id, quantidade: 1 }] }),
      403,
      MAT_MSG.notYourVehicle,
    );
    const half = await send(tec.cookie, 'POST', `/api/estoques/${van.id}/conferencia`, {
      itens: [{ materialId: a.id, quantidade: 0.5 }],
    });
    expectBadRequest(half, MAT_MSG.quantityWhole('un'), 'quantidade');
    expect(await saldo(van.id, a.id)).toBe(3);
  });

  it('keeps the vehicles of places the ledger names', async () => {
    const rows = await ctx.db.select().from(stockPlaces).where(eq(stockPlaces.tipo, 'veiculo'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
});
