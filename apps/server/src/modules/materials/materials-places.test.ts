import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMaterialRow } from '../../../test/factories/materials';
import { createOrder } from '../../../test/factories/orders';
import { admin, ctx, tec, useFileApp, user } from '../../../test/file-app';
import { uniqueDigits } from '../../../test/random';
import { send } from '../../../test/requests';
import { stockPlaces } from '../../db/schema';

useFileApp();

/** The places a technician's id names, read from the table itself (no stock read that would make them). */
const vehiclesOf = (technicianId: number) => ctx.db.select().from(stockPlaces).where(eq(stockPlaces.technicianId, technicianId));

const newUser = (role: string, over: Record<string, unknown> = {}) => {
  const login = `veic${uniqueDigits().slice(-8)}`;
  return {
    nome_completo: `Técnico ${login}`,
    username: login,
    password: 'senha-segura-1',
    email: `${login}@example.com`,
    role,
    ...over,
  };
};

describe('the vehicle is made with the technician (docs/rules.md#materials-and-stock)', () => {
  it('an active technician created by an admin has their vehicle as soon as the write answers', async () => {
    const body = newUser('tec');
    const res = await send(admin, 'POST', '/api/users', body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    // Read straight from the table, before any stock read (GET /api/estoques would make a missing one).
    const rows = await vehiclesOf(id);
    expect(rows.map((r) => [r.nome, r.tipo])).toEqual([[`Veículo – ${body.nome_completo}`, 'veiculo']]);
    const places = (await send(admin, 'GET', '/api/estoques')).json() as { nome: string; tecnicoId: number | null }[];
    expect(places.filter((p) => p.tecnicoId === id).map((p) => p.nome)).toEqual([`Veículo – ${body.nome_completo}`]);
  });

  it('a standard user has none until made a technician; an inactive technician none until reactivated', async () => {
    const office = newUser('user');
    const made = await send(admin, 'POST', '/api/users', office);
    const officeId = made.json().id;
    expect(await vehiclesOf(officeId)).toHaveLength(0);
    const changed = await send(admin, 'PUT', `/api/users/${officeId}`, { ...office, role: 'tec', password: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await vehiclesOf(officeId)).map((r) => r.nome)).toEqual([`Veículo – ${office.nome_completo}`]);

    const away = newUser('tec', { active: false });
    const awayId = (await send(admin, 'POST', '/api/users', away)).json().id;
    expect(await vehiclesOf(awayId)).toHaveLength(0);
    const back = await send(admin, 'PUT', `/api/users/${awayId}`, { ...away, active: true, password: '' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await vehiclesOf(awayId)).toHaveLength(1);
    // Saved again, still one.
    await send(admin, 'PUT', `/api/users/${awayId}`, { ...away, active: true, password: '' });
    expect(await vehiclesOf(awayId)).toHaveLength(1);
  });
});

type Balance = { materialId: number; codigo: string; descricao: string; saldo: number; negativo: boolean };
const balances = async (placeId: number, query = '', cookie = admin) => {
  const res = await send(cookie, 'GET', `/api/estoques/${placeId}/saldos${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Balance[], total: Number(res.headers['x-total-count']) };
};

describe("GET /api/estoques is light; a place's balances come a page at a time", () => {
  it('a place with 60 materials answers pages of 20 with total 60, searched without accents, only negatives on demand', async () => {
    const place = (await send(admin, 'POST', '/api/estoques', { nome: `Depósito ${uniqueDigits()}` })).json();
    const tag = `PG${uniqueDigits().slice(-5)}`;
    const made = [];
    for (let i = 1; i <= 60; i++) {
      const descricao = i === 37 ? 'Válvula de retenção 1/2' : `Parafuso sextavado ${i}`;
      made.push(await createMaterialRow(ctx.db, { codigo: `${tag}-${String(i).padStart(2, '0')}`, descricao }));
    }
    for (const m of made) {
      const entrada = { tipo: 'entrada', materialId: m.id, quantidade: 2, destinoId: place.id };
      expect((await send(user.cookie, 'POST', '/api/estoques/movimentos', entrada)).statusCode).toBe(201);
    }
    const first = await balances(place.id, '?limit=20&offset=0');
    expect(first.total).toBe(60);
    expect(first.rows.map((b) => b.codigo)).toEqual(made.slice(0, 20).map((m) => m.codigo));
    const third = await balances(place.id, '?limit=20&offset=40');
    expect(third.rows.map((b) => b.codigo)).toEqual(made.slice(40).map((m) => m.codigo));

    const found = await balances(place.id, '?search=VALVULA%20de%20RETENCAO');
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({ codigo: `${tag}-37`, descricao: 'Válvula de retenção 1/2', saldo: 2, negativo: false });
    expect((await balances(place.id, `?search=${tag.toLowerCase()}-0`)).total).toBe(9);

    // The list of places names how many balances are negative, never the balances themselves.
    const listed = (await send(admin, 'GET', '/api/estoques')).json() as Record<string, unknown>[];
    const mine = listed.find((p) => p.id === place.id)!;
    expect(mine).toEqual({ id: place.id, nome: place.nome, tipo: 'local', tecnicoId: null, negativos: 0 });
    expect(listed.every((p) => !('saldos' in p))).toBe(true);
    expect((await balances(place.id, '?negativos=true')).total).toBe(0);
  });

  it('only negatives: a vehicle gone below zero counts it in the list and answers it alone', async () => {
    const van = ((await send(admin, 'GET', '/api/estoques')).json() as { id: number; tecnicoId: number }[]).find(
      (p) => p.tecnicoId === tec.id,
    )!;
    const short = await createMaterialRow(ctx.db, { descricao: 'Fusível 10 A' });
    const plenty = await createMaterialRow(ctx.db, { descricao: 'Fusível 20 A' });
    await send(admin, 'POST', '/api/estoques/movimentos', {
      tipo: 'entrada',
      materialId: plenty.id,
      quantidade: 5,
      destinoId: van.id,
    });
    // The van goes below zero the way it does in the field: a line of the technician's order (never refused).
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const line = await send(tec.cookie, 'POST', `/api/os/${order.id}/materiais`, { materialId: short.id, quantidade: 3 });
    expect(line.statusCode, line.body).toBe(201);
    const negatives = await balances(van.id, '?negativos=true&limit=1000', tec.cookie);
    expect(negatives.rows.map((b) => [b.materialId, b.saldo, b.negativo])).toContainEqual([short.id, -3, true]);
    expect(negatives.rows.some((b) => b.materialId === plenty.id)).toBe(false);
    const listed = (await send(tec.cookie, 'GET', '/api/estoques')).json() as { id: number; negativos: number }[];
    expect(listed.map((p) => p.id)).toEqual([van.id]);
    expect(listed[0]!.negativos).toBe(negatives.total);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=5000', 'limit'],
    ['?offset=-1', 'offset'],
    ['?negativos=talvez', 'negativos'],
  ])('refuses the query %s with 400 naming %s', async (query, field) => {
    const res = await send(admin, 'GET', `/api/estoques/1/saldos${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });
});
