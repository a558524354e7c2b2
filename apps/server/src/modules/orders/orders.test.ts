import { cnpjCheckDigits, ORDER_MSG, type Order, type OrderHistoryEntry, type OrderRecordCounts } from '@os/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { admin, otherTec, ctx as t, tec, user } from '../../../test/file-app';
import { send } from '../../../test/requests';
import { auditLog, clients, closingOrders, closings, descriptions, orders, outboundTrips, serviceEntries } from '../../db/schema';

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

async function post(cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/os', headers: { cookie }, payload });
}

async function createOrder(payload: Record<string, unknown>): Promise<Order> {
  const res = await post(admin, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
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

describe('lists', () => {
  let gama: { id: number; razao: string };
  let listTec: { id: number; username: string; cookie: string };
  const made: Order[] = [];

  beforeAll(async () => {
    gama = await createClient('Gama Hospitalar Ltda', 'Curitiba');
    listTec = await t.signedIn('tec');
    const plan: [string, string, string, number | null][] = [
      ['2026-01-01', 'Aberto', gama.razao, listTec.id],
      ['2026-01-15', 'Andamento', gama.razao, listTec.id],
      ['2026-01-31', 'Concluído', gama.razao, null],
      ['2026-02-01', 'Aberto', gama.razao, tec.id],
    ];
    for (const [data, status, cliente, engenheiro] of plan) made.push(await createOrder({ data, status, cliente, engenheiro }));
  });

  it('GET /api/os answers everything without limit, newest number first, with X-Total-Count', async () => {
    const res = await get(admin, '/api/os');
    expect(res.statusCode).toBe(200);
    const rows = res.json<Order[]>();
    const [n] = await t.db.select({ id: orders.id }).from(orders);
    expect(n).toBeDefined();
    expect(rows.length).toBe((await t.db.select({ id: orders.id }).from(orders)).length);
    expect(Number(res.headers['x-total-count'])).toBe(rows.length);
    expect(rows[0]!.numero).toBeGreaterThan(rows[1]!.numero);
  });

  it('pages with limit and offset; the total (from order_status_counts) stays the whole count', async () => {
    const all = (await get(admin, '/api/os')).json<Order[]>();
    const page = await get(admin, '/api/os?limit=3&offset=2');
    expect(page.json<Order[]>().map((o) => o.id)).toEqual(all.slice(2, 5).map((o) => o.id));
    expect(Number(page.headers['x-total-count'])).toBe(all.length);

    const abertos = all.filter((o) => o.status === 'Aberto');
    const byStatus = await get(admin, '/api/os?status=Aberto&limit=2');
    expect(byStatus.json<Order[]>()).toHaveLength(2);
    expect(byStatus.json<Order[]>().every((o) => o.status === 'Aberto')).toBe(true);
    expect(Number(byStatus.headers['x-total-count'])).toBe(abertos.length);

    const concluido = await get(admin, '/api/os?status=Concluido&limit=1');
    expect(Number(concluido.headers['x-total-count'])).toBe(all.filter((o) => o.status === 'Concluído').length);
  });

  it('searches case-insensitively on the client or the number, combined with the status', async () => {
    const byClient = (await get(admin, '/api/os?q=GAMA%20hosp')).json<Order[]>();
    expect(byClient.map((o) => o.id).sort()).toEqual(made.map((o) => o.id).sort());
    const byClientAndStatus = await get(admin, '/api/os?q=gama&status=Aberto&limit=10');
    expect(
      byClientAndStatus
        .json<Order[]>()
        .map((o) => o.id)
        .sort(),
    ).toEqual([made[0]!.id, made[3]!.id].sort());
    expect(byClientAndStatus.headers['x-total-count']).toBe('2');
    const padded = String(made[2]!.numero).padStart(5, '0');
    const byNumber = (await get(admin, `/api/os?q=${padded}`)).json<Order[]>();
    expect(byNumber.map((o) => o.numero)).toContain(made[2]!.numero);
    expect(byNumber.every((o) => String(o.numero).includes(String(made[2]!.numero)))).toBe(true);
  });

  it('answers each listed order exactly as GET /api/os/{id} does, as JSON', async () => {
    // The list is built as JSON by the database; the single order by the usual row mapping.
    await t.db
      .update(orders)
      .set({ pdfFile: 'os/a.pdf', endDate: '2026-02-03', nrPeca: 'P-1 "aspas" \\ barra', nrSerie: 'S\nlinha' })
      .where(eq(orders.id, made[2]!.id));
    for (const url of ['/api/os?q=gama', '/api/os?q=gama&limit=10', `/api/os/filtrado?cliente=${gama.id}&limit=2&offset=1`]) {
      const res = await get(admin, url);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const listed = res.json<Order[]>();
      expect(listed.length).toBeGreaterThan(0);
      for (const order of listed) expect(order).toStrictEqual((await get(admin, `/api/os/${order.id}`)).json());
    }
    const withFiles = (await get(admin, '/api/os?q=gama')).json<Order[]>().find((o) => o.id === made[2]!.id);
    expect(withFiles).toMatchObject({ pdf: true, pdfcompleto: false, endDate: '2026-02-03', engenheiro: '', engenheiroId: null });
    expect(withFiles?.nr_serie).toBe('S\nlinha');
  });

  it('counts the whole list even on a page past its end', async () => {
    const all = (await get(admin, '/api/os')).json<Order[]>();
    const past = await get(admin, `/api/os?limit=5&offset=${all.length + 10}`);
    expect(past.json()).toEqual([]);
    expect(Number(past.headers['x-total-count'])).toBe(all.length);
    const pastFiltered = await get(admin, `/api/os/filtrado?cliente=${gama.id}&limit=5&offset=10`);
    expect(pastFiltered.json()).toEqual([]);
    expect(pastFiltered.headers['x-total-count']).toBe('4');
  });

  it('takes % and _ in the search literally', async () => {
    const res = await get(admin, '/api/os?q=%25&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json<Order[]>()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('refuses a bad status or limit', async () => {
    expect((await get(admin, '/api/os?status=Nada')).statusCode).toBe(400);
    expect((await get(admin, '/api/os?limit=0')).statusCode).toBe(400);
    expect((await get(admin, '/api/os/filtrado?dataInicio=31-01-2026')).statusCode).toBe(400);
  });

  it('shows a technician only their own orders', async () => {
    const res = await get(listTec.cookie, '/api/os?limit=50');
    expect(
      res
        .json<Order[]>()
        .map((o) => o.id)
        .sort(),
    ).toEqual([made[0]!.id, made[1]!.id].sort());
    expect(res.headers['x-total-count']).toBe('2');
    expect((await get(listTec.cookie, `/api/os/${made[0]!.id}`)).statusCode).toBe(200);
    expect((await get(listTec.cookie, `/api/os/${made[3]!.id}`)).statusCode).toBe(403);
  });

  it('filters the report by each filter alone and combined, with inclusive dates', async () => {
    const ids = async (query: string) =>
      (await get(admin, `/api/os/filtrado?${query}`))
        .json<Order[]>()
        .map((o) => o.id)
        .sort();
    const m = made.map((o) => o.id);
    expect(await ids(`cliente=${gama.id}`)).toEqual([...m].sort());
    expect(await ids('cliente=gama%20hospitalar')).toEqual([...m].sort());
    expect(await ids(`cliente=${gama.id}&status=Aberto`)).toEqual([m[0]!, m[3]!].sort());
    expect(await ids(`cliente=${gama.id}&engenheiro=${listTec.id}`)).toEqual([m[0]!, m[1]!].sort());
    expect(await ids(`engenheiro=${listTec.username}`)).toEqual([m[0]!, m[1]!].sort());
    expect(await ids(`cliente=${gama.id}&dataInicio=2026-01-15&dataFim=2026-01-31`)).toEqual([m[1]!, m[2]!].sort());
    expect(await ids(`cliente=${gama.id}&dataInicio=2026-01-31`)).toEqual([m[2]!, m[3]!].sort());
    expect(await ids(`cliente=${gama.id}&dataFim=2026-01-01`)).toEqual([m[0]!]);
    expect(
      await ids(`cliente=${gama.id}&engenheiro=${listTec.id}&status=Andamento&dataInicio=2026-01-01&dataFim=2026-12-31`),
    ).toEqual([m[1]!]);
    expect(await ids('engenheiro=ninguem')).toEqual([]);
    const paged = await get(admin, `/api/os/filtrado?cliente=${gama.id}&limit=1&offset=1`);
    expect(paged.json<Order[]>()).toHaveLength(1);
    expect(paged.headers['x-total-count']).toBe('4');
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
