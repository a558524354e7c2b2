import { cnpjCheckDigits, ORDER_MSG, type Order, type OrderHistoryEntry, type OrderRecordCounts } from '@os/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { admin, otherTec, ctx as t, tec, useFileApp, user } from '../../../test/file-app';
import { createOrderAsAdmin as createOrder, postOrder as post } from '../../../test/order-requests';
import { send } from '../../../test/requests';
import { auditLog, clients, closingOrders, closings, descriptions, orders, outboundTrips, serviceEntries } from '../../db/schema';

useFileApp();

let clientCount = 0;

/** A client straight in the database (the registers module is tested on its own). */
async function createClient(razao: string, cidade = 'Recife') {
  clientCount += 1;
  const base = `${String(40 + clientCount).padStart(2, '0')}${String(654321 + clientCount).padStart(6, '0')}0001`;
  const [row] = await t.db
    .insert(clients)
    .values({ codigo: 1000 + clientCount, razao, cnpj: base + cnpjCheckDigits(base), cidade })
    .returning({ id: clients.id, razao: clients.razao });
  return row!;
}

async function get(cookie: string, url: string) {
  return send(cookie, 'GET', url);
}

let alfa: { id: number; razao: string };
let beta: { id: number; razao: string };

beforeAll(async () => {
  alfa = await createClient('Alfa Energia Ltda', 'Recife');
  beta = await createClient('Beta Metalúrgica S.A.', 'Joinville');
});

describe('POST /api/os', () => {
  it('creates an order from razao and username, answering every field of docs/rules.md#entities', async () => {
    const res = await post(user.cookie, {
      numero: 999,
      data: '2026-03-10',
      cliente: 'alfa energia ltda',
      responsavel: 'Sr. Antônio',
      cidade: 'Olinda',
      engenheiro: tec.username,
      equipamento: 'Transformador',
      nr_peca: 'P-1',
      nr_serie: 'S-1',
      motivo: 'Manutenção',
      pdf: true,
      pdfcompleto: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      data: '2026-03-10',
      cliente: 'Alfa Energia Ltda',
      clienteId: alfa.id,
      responsavel: 'Sr. Antônio',
      cidade: 'Olinda',
      engenheiro: tec.username,
      engenheiroId: tec.id,
      engenheiroNome: `Usuário ${tec.username}`,
      equipamento: 'Transformador',
      nr_peca: 'P-1',
      nr_serie: 'S-1',
      motivo: 'Manutenção',
      status: 'Aberto',
      pdf: false,
      pdfcompleto: false,
      endDate: null,
    });
    expect(order.numero).not.toBe(999);
    expect(typeof order.id).toBe('number');
  });

  it('accepts client and technician by id, takes the city from the client, and the spelling Concluido', async () => {
    const order = await createOrder({ data: '2026-03-11', cliente: beta.id, engenheiro: tec.id, status: 'Concluido' });
    expect(order).toMatchObject({ cliente: beta.razao, cidade: 'Joinville', engenheiroId: tec.id, status: 'Concluído' });
    expect(order.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('stamps the end date on the company clock: 23:30 in Brazil is still that day, not UTC tomorrow', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-05-10T02:30:00Z')); // 09/05/2026 23:30 in São Paulo
      const order = await createOrder({ data: '2026-05-09', cliente: beta.id, status: 'Concluído' });
      expect(order.endDate).toBe('2026-05-09');
    } finally {
      vi.useRealTimers();
    }
  });

  it('numbers orders one after another', async () => {
    const a = await createOrder({ data: '2026-03-12', cliente: alfa.id });
    const b = await createOrder({ data: '2026-03-12', cliente: alfa.id });
    expect(b.numero).toBe(a.numero + 1);
  });

  it('refuses invalid input with a Portuguese message and changes nothing', async () => {
    const before = await t.db.select().from(orders);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ cliente: alfa.id }, 'data'],
      [{ data: '2026-02-30', cliente: alfa.id }, 'data', 'Data: informe uma data válida, como 2025-01-31 (ano, mês e dia).'],
      [{ data: '2026-03-01' }, 'cliente'],
      [{ data: '2026-03-01', cliente: 'Ninguém S.A.' }, 'cliente', ORDER_MSG.clientNotFound],
      [{ data: '2026-03-01', cliente: alfa.id, engenheiro: 'fantasma' }, 'engenheiro', ORDER_MSG.technicianNotFound],
      [{ data: '2026-03-01', cliente: alfa.id, status: 'Perdido' }, 'status', ORDER_MSG.invalidStatus],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
      if (message) expect(res.json().error).toContain(message);
    }
    expect(await t.db.select().from(orders)).toHaveLength(before.length);
  });

  it('gives 50 concurrent creates 50 distinct consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(admin, { data: '2026-04-01', cliente: alfa.id, motivo: 'concorrência' })),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const numbers = results.map((r) => r.json<Order>().numero).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers[49]! - numbers[0]!).toBe(49);
  });
});

describe('PUT /api/os/{id}', () => {
  it('changes the fields sent, keeps the others, and records before and after', async () => {
    const order = await createOrder({ data: '2026-05-01', cliente: alfa.id, responsavel: 'Ana', engenheiro: tec.id });
    const res = await send(user.cookie, 'PUT', `/api/os/${order.id}`, {
      cliente: beta.razao,
      status: 'Andamento',
      engenheiro: otherTec.username,
      pdf: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      numero: order.numero,
      cliente: beta.razao,
      responsavel: 'Ana',
      status: 'Andamento',
      engenheiro: otherTec.username,
      pdf: false,
    });
    const trail = (await get(admin, `/api/os/${order.id}/historico`)).json<OrderHistoryEntry[]>();
    expect(trail.map((e) => e.action)).toEqual(['update', 'create']);
    expect(trail[0]!.username).toBe(user.username);
    expect(trail[0]!.changes).toEqual({
      cliente: { antes: alfa.razao, depois: beta.razao },
      engenheiro: { antes: tec.username, depois: otherTec.username },
      status: { antes: 'Aberto', depois: 'Andamento' },
    });
  });

  it('refuses Concluído and Fechado by hand from a standard user, on create and on edit, changing nothing', async () => {
    for (const status of ['Concluído', 'Concluido', 'Fechado']) {
      const before = await t.db.select({ id: orders.id }).from(orders);
      const created = await post(user.cookie, { data: '2026-05-03', cliente: alfa.id, engenheiro: tec.id, status });
      expect(created.statusCode, created.body).toBe(403);
      expect(created.json().error).toBe(ORDER_MSG.finishAdminOnly);
      expect(await t.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);

      const order = await createOrder({ data: '2026-05-03', cliente: alfa.id, engenheiro: tec.id, motivo: 'antes' });
      const edited = await send(user.cookie, 'PUT', `/api/os/${order.id}`, { status, motivo: 'depois' });
      expect(edited.statusCode, edited.body).toBe(403);
      expect(edited.json().error).toBe(ORDER_MSG.finishAdminOnly);
      const now = (await get(admin, `/api/os/${order.id}`)).json<Order>();
      expect(now).toMatchObject({ status: 'Aberto', motivo: 'antes', endDate: null });
    }
    // An order the life cycle concluded can still be edited by a user who sends its status back unchanged.
    const done = await createOrder({ data: '2026-05-04', cliente: alfa.id, engenheiro: tec.id, status: 'Concluído' });
    const kept = await send(user.cookie, 'PUT', `/api/os/${done.id}`, { status: 'Concluído', motivo: 'ajuste' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ status: 'Concluído', motivo: 'ajuste' });
    // ... and the admin may still set either by hand.
    const byAdmin = await send(admin, 'PUT', `/api/os/${done.id}`, { status: 'Fechado' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('lets only an admin edit a Fechado order', async () => {
    const order = await createOrder({ data: '2026-05-02', cliente: alfa.id, status: 'Fechado' });
    const byUser = await send(user.cookie, 'PUT', `/api/os/${order.id}`, { motivo: 'tentativa' });
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().error).toBe(ORDER_MSG.closedAdminOnly);
    const byAdmin = await send(admin, 'PUT', `/api/os/${order.id}`, { status: 'Concluído' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().status).toBe('Concluído');
  });

  it('answers 404 for an unknown order and 400 for a bad field', async () => {
    const missing = await send(admin, 'PUT', '/api/os/999999', { motivo: 'x' });
    expect(missing.statusCode).toBe(404);
    const order = await createOrder({ data: '2026-05-03', cliente: alfa.id });
    const bad = await send(admin, 'PUT', `/api/os/${order.id}`, { data: 'ontem' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('data');
  });
});

describe('DELETE /api/os/{id}', () => {
  it('counts the records that go with an order, deletes them, and keeps the trace', async () => {
    const order = await createOrder({ data: '2026-06-01', cliente: alfa.id, engenheiro: tec.id });
    await t.db
      .insert(outboundTrips)
      .values({ orderId: order.id, dataida: '2026-06-01', saidaida: '07:00', chegadaida: '08:00', duracaoMin: 60, kmida: '10' });
    await t.db.insert(serviceEntries).values({
      orderId: order.id,
      dataservico: '2026-06-01',
      entradaservico: '08:00',
      saidaservico: '12:00',
      duracaoMin: 240,
    });
    await t.db.insert(descriptions).values({ orderId: order.id, data: '2026-06-01', descricao: 'Troca de disjuntor.' });

    const counts = await get(admin, `/api/os/${order.id}/registros`);
    expect(counts.statusCode).toBe(200);
    expect(counts.json<OrderRecordCounts>()).toEqual({
      viagemIda: 1,
      servicos: 1,
      viagemVolta: 0,
      descricoes: 1,
      despesas: 0,
      assinaturas: 0,
      total: 3,
    });

    const res = await send(admin, 'DELETE', `/api/os/${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(0);
    expect(await t.db.select().from(descriptions).where(eq(descriptions.orderId, order.id))).toHaveLength(0);
    expect((await get(admin, `/api/os/${order.id}`)).statusCode).toBe(404);

    const trail = (await get(admin, `/api/os/${order.id}/historico`)).json<OrderHistoryEntry[]>();
    expect(trail[0]).toMatchObject({ action: 'delete', username: 'admin' });
    expect(trail[0]!.changes).toMatchObject({ numero: order.numero, cliente: alfa.razao, registros: { total: 3 } });
  });

  it('answers 404 for an unknown order', async () => {
    const res = await send(admin, 'DELETE', '/api/os/999999');
    expect(res.statusCode).toBe(404);
  });

  it('refuses to delete an order that belongs to a closing', async () => {
    const order = await createOrder({ data: '2026-06-02', cliente: alfa.id, status: 'Fechado' });
    const [closing] = await t.db.insert(closings).values({ numero: 9001, figures: {} }).returning({ id: closings.id });
    await t.db.insert(closingOrders).values({ closingId: closing!.id, orderId: order.id });
    const res = await send(admin, 'DELETE', `/api/os/${order.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ORDER_MSG.inClosing);
    expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
  });
});

describe('role matrix', () => {
  it('answers 401 without a session on every route', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/os'],
      ['GET', '/api/os/filtrado'],
      ['GET', '/api/os/1'],
      ['POST', '/api/os'],
      ['PUT', '/api/os/1'],
      ['DELETE', '/api/os/1'],
      ['GET', '/api/os/1/registros'],
      ['GET', '/api/os/1/historico'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets a technician read their orders and write none', async () => {
    const own = await createOrder({ data: '2026-07-01', cliente: alfa.id, engenheiro: tec.id });
    expect((await get(tec.cookie, '/api/os')).statusCode).toBe(200);
    expect((await get(tec.cookie, `/api/os/${own.id}`)).statusCode).toBe(200);
    expect((await post(tec.cookie, { data: '2026-07-01', cliente: alfa.id })).statusCode).toBe(403);
    const put = await send(tec.cookie, 'PUT', `/api/os/${own.id}`, { motivo: 'x' });
    expect(put.statusCode).toBe(403);
    expect((await send(tec.cookie, 'DELETE', `/api/os/${own.id}`)).statusCode).toBe(403);
    expect((await get(tec.cookie, '/api/os/filtrado')).statusCode).toBe(403);
    expect((await get(tec.cookie, `/api/os/${own.id}/historico`)).statusCode).toBe(403);
    expect((await get(tec.cookie, `/api/os/${own.id}/registros`)).statusCode).toBe(403);
    expect((await get(otherTec.cookie, `/api/os/${own.id}`)).statusCode).toBe(403);
  });

  it('lets a standard user read, create and edit, but not delete, report or read the trail', async () => {
    const created = await post(user.cookie, { data: '2026-07-02', cliente: alfa.id });
    expect(created.statusCode).toBe(201);
    const id = created.json<Order>().id;
    expect((await get(user.cookie, '/api/os')).statusCode).toBe(200);
    expect((await get(user.cookie, `/api/os/${id}`)).statusCode).toBe(200);
    const put = await send(user.cookie, 'PUT', `/api/os/${id}`, { motivo: 'ok' });
    expect(put.statusCode).toBe(200);
    expect((await send(user.cookie, 'DELETE', `/api/os/${id}`)).statusCode).toBe(403);
    expect((await get(user.cookie, '/api/os/filtrado')).statusCode).toBe(403);
    expect((await get(user.cookie, `/api/os/${id}/historico`)).statusCode).toBe(403);
    expect((await get(user.cookie, `/api/os/${id}/registros`)).statusCode).toBe(403);
  });

  it('lets an admin do everything, each write leaving an audit entry', async () => {
    const order = await createOrder({ data: '2026-07-03', cliente: alfa.id });
    expect((await get(admin, '/api/os/filtrado')).statusCode).toBe(200);
    expect((await get(admin, `/api/os/${order.id}`)).statusCode).toBe(200);
    const put = await send(admin, 'PUT', `/api/os/${order.id}`, { motivo: 'revisado' });
    expect(put.statusCode).toBe(200);
    expect((await get(admin, `/api/os/${order.id}/registros`)).json<OrderRecordCounts>().total).toBe(0);
    expect((await send(admin, 'DELETE', `/api/os/${order.id}`)).statusCode).toBe(200);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.orderId, order.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    const update = entries.find((e) => e.action === 'update');
    expect(update?.changes).toEqual({ motivo: { antes: '', depois: 'revisado' } });
  });
});

describe('OpenAPI', () => {
  it('describes the order routes', async () => {
    const res = await get(admin, '/api/docs/json');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/os', '/api/os/filtrado', '/api/os/{id}']));
  });
});
