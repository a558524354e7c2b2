import {
  AGENDA_MSG,
  type AgendaOrder,
  addDays,
  businessToday,
  type DashboardData,
  type Lancamento,
  type Order,
  type OrderHistoryEntry,
  weekOf,
} from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createAddressedClient, createPlannedOrder, dayWindow, deactivateUser } from '../../../test/agenda-factory';
import { admin, user as clerk, ctx as t, tec, otherTec as tec2, useFileApp } from '../../../test/file-app';
import { send } from '../../../test/requests';
import { orders } from '../../db/schema';

useFileApp();

// Runs before file-app closes the app (vitest runs after-hooks in reverse order).
afterAll(() => t.app.agendaNotifier.idle());

const schedule = (id: number, body: Record<string, unknown>, cookie = clerk.cookie) =>
  send(cookie, 'PUT', `/api/os/${id}/agenda`, body);
const get = (url: string, cookie = admin) => send(cookie, 'GET', url);

async function stored(id: number) {
  const [row] = await t.db
    .select({ technicianId: orders.technicianId, agendaInicio: orders.agendaInicio, agendaFim: orders.agendaFim })
    .from(orders)
    .where(eq(orders.id, id));
  return row!;
}

describe('PUT /api/os/{id}/agenda', () => {
  it('assigns and schedules in one call; every order answer then carries the window', async () => {
    const order = await createPlannedOrder(t.db);
    const plain = await createPlannedOrder(t.db);
    const res = await schedule(order.id, { tecnicoId: tec.id, ...dayWindow('2026-12-01', '08:00', '12:00') });
    expect(res.statusCode).toBe(200);
    const body = res.json<AgendaOrder>();
    expect(body).toMatchObject({
      id: order.id,
      engenheiroId: tec.id,
      engenheiro: tec.username,
      agendaInicio: '2026-12-01T08:00',
      agendaFim: '2026-12-01T12:00',
      conflitos: [],
    });

    const one = (await get(`/api/os/${order.id}`)).json<Order>();
    expect(one).toMatchObject({ agendaInicio: '2026-12-01T08:00', agendaFim: '2026-12-01T12:00' });
    const list = (await get('/api/os?limit=1000')).json<Order[]>();
    expect(list.find((o) => o.id === order.id)).toMatchObject({ agendaInicio: '2026-12-01T08:00' });
    expect(list.find((o) => o.id === plain.id)).toMatchObject({ agendaInicio: null, agendaFim: null });

    // The technician's cards: the window and the client's address for the map link.
    const cards = (await get('/api/lancamentos', tec.cookie)).json<Lancamento[]>();
    expect(cards.find((c) => c.id === order.id)).toMatchObject({
      agendaInicio: '2026-12-01T08:00',
      agendaFim: '2026-12-01T12:00',
      endereco: 'Rua das Flores, 120, Boa Vista, Recife - PE, 50050-000',
    });
  });

  it('unschedules with both times null and keeps the technician', async () => {
    const order = await createPlannedOrder(t.db, {
      technicianId: tec.id,
      agendaInicio: '2026-12-03T08:00',
      agendaFim: '2026-12-03T09:00',
    });
    const res = await schedule(order.id, { agendaInicio: null, agendaFim: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ agendaInicio: null, agendaFim: null, engenheiroId: tec.id, conflitos: [] });
    expect(await stored(order.id)).toEqual({ technicianId: tec.id, agendaInicio: null, agendaFim: null });
  });

  it('records every change in the order audit trail, before and after', async () => {
    const order = await createPlannedOrder(t.db);
    await schedule(order.id, { tecnicoId: tec.id, agendaInicio: '2026-12-04T08:00', agendaFim: '2026-12-04T10:00' });
    await schedule(order.id, { tecnicoId: tec2.id, agendaInicio: '2026-12-05T13:00', agendaFim: '2026-12-05T17:30' });
    const history = (await get(`/api/os/${order.id}/historico`)).json<OrderHistoryEntry[]>();
    expect(history).toHaveLength(2);
    expect(history[0]!.changes).toMatchObject({
      engenheiro: { antes: tec.username, depois: tec2.username },
      agendaInicio: { antes: '2026-12-04T08:00', depois: '2026-12-05T13:00' },
      agendaFim: { antes: '2026-12-04T10:00', depois: '2026-12-05T17:30' },
    });
    expect(history[1]!.changes).toMatchObject({ agendaInicio: { antes: null, depois: '2026-12-04T08:00' } });
    expect(history.map((h) => h.username)).toEqual([clerk.username, clerk.username]);
  });

  it.each([
    [{ agendaInicio: '2026-12-01T10:00', agendaFim: '2026-12-01T10:00' }, 400, AGENDA_MSG.endNotAfterStart],
    [{ agendaInicio: '2026-12-01T10:00', agendaFim: '2026-12-01T09:00' }, 400, AGENDA_MSG.endNotAfterStart],
    [{ agendaInicio: '2026-12-01T10:00', agendaFim: null }, 400, AGENDA_MSG.bothOrNone],
    [{ agendaInicio: '01/12/2026 10:00', agendaFim: '2026-12-01T11:00' }, 400, `Início: ${AGENDA_MSG.invalidDateTime}`],
    [{ agendaInicio: '2026-02-30T10:00', agendaFim: '2026-03-01T11:00' }, 400, `Início: ${AGENDA_MSG.invalidDateTime}`],
    [{ agendaInicio: '2026-12-01T10:00', agendaFim: '2026-12-01T24:30' }, 400, `Fim: ${AGENDA_MSG.invalidDateTime}`],
    [{ agendaInicio: '1999-12-01T10:00', agendaFim: '1999-12-01T11:00' }, 400, `Início: ${AGENDA_MSG.outOfRange}`],
    [{ agendaInicio: '2026-12-01T10:00', agendaFim: '2100-01-01T11:00' }, 400, `Fim: ${AGENDA_MSG.outOfRange}`],
    [
      { tecnicoId: 99_999_999, agendaInicio: '2026-12-01T10:00', agendaFim: '2026-12-01T11:00' },
      400,
      AGENDA_MSG.technicianInactive,
    ],
    [
      { tecnicoId: 'abc', agendaInicio: '2026-12-01T10:00', agendaFim: '2026-12-01T11:00' },
      400,
      'Técnico: informe um número inteiro, como 12.',
    ],
  ])('refuses %j with %i and a Portuguese message; nothing changes', async (body, status, message) => {
    const order = await createPlannedOrder(t.db, { technicianId: tec.id });
    const res = await schedule(order.id, { tecnicoId: tec.id, ...body });
    expect(res.statusCode).toBe(status);
    expect(res.json<{ error: string }>().error).toContain(message);
    expect(await stored(order.id)).toEqual({ technicianId: tec.id, agendaInicio: null, agendaFim: null });
  });
});

describe('PUT /api/os/{id}/agenda: what it refuses', () => {
  it('refuses a technician who is no longer active, and a window with nobody to do it', async () => {
    const gone = await t.createUser('tec');
    await deactivateUser(t.db, gone.id);
    const order = await createPlannedOrder(t.db);
    const inactive = await schedule(order.id, { tecnicoId: gone.id, ...dayWindow('2026-12-01', '10:00', '11:00') });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toMatchObject({ error: AGENDA_MSG.technicianInactive, field: 'tecnicoId' });
    const nobody = await schedule(order.id, { agendaInicio: '2026-12-01T10:00', agendaFim: '2026-12-01T11:00' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ error: AGENDA_MSG.technicianRequired, field: 'tecnicoId' });
    expect(await stored(order.id)).toEqual({ technicianId: null, agendaInicio: null, agendaFim: null });
  });

  it.each(['Concluído', 'Fechado'] as const)('answers 409 for a %s order, for admins too', async (status) => {
    const order = await createPlannedOrder(t.db, { technicianId: tec.id, status });
    for (const cookie of [clerk.cookie, admin]) {
      const res = await schedule(order.id, { agendaInicio: '2026-12-01T10:00', agendaFim: '2026-12-01T11:00' }, cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(AGENDA_MSG.closedOrder);
    }
    expect((await stored(order.id)).agendaInicio).toBeNull();
  });

  it('refuses a technician scheduling (403), even their own order; 404 for an order that does not exist', async () => {
    const order = await createPlannedOrder(t.db, { technicianId: tec.id });
    const res = await schedule(order.id, { agendaInicio: '2026-12-01T10:00', agendaFim: '2026-12-01T11:00' }, tec.cookie);
    expect(res.statusCode).toBe(403);
    expect((await stored(order.id)).agendaInicio).toBeNull();
    const missing = await schedule(99_999_999, { agendaInicio: '2026-12-01T10:00', agendaFim: '2026-12-01T11:00' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('overlaps (conflitos)', () => {
  it('names the other order on both sides, across midnight; touching windows and other technicians do not count', async () => {
    const who = await t.createUser('tec');
    const night = await createPlannedOrder(t.db, {
      technicianId: who.id,
      agendaInicio: '2027-01-10T18:00',
      agendaFim: '2027-01-11T10:00',
    });
    const morning = await createPlannedOrder(t.db);
    const res = await schedule(morning.id, { tecnicoId: who.id, ...dayWindow('2027-01-11', '08:00', '12:00') });
    expect(res.statusCode).toBe(200);
    const body = res.json<AgendaOrder>();
    expect(body.conflitos).toEqual([
      {
        id: night.id,
        numero: night.numero,
        cliente: expect.stringContaining('Usina Sertão'),
        agendaInicio: '2027-01-10T18:00',
        agendaFim: '2027-01-11T10:00',
      },
    ]);

    const day = (await get(`/api/agenda?inicio=2027-01-11&fim=2027-01-11&tecnico=${who.id}`)).json<AgendaOrder[]>();
    expect(day.map((o) => [o.id, o.conflitos.map((c) => c.id)])).toEqual([
      [night.id, [morning.id]],
      [morning.id, [night.id]],
    ]);

    // Moving it to start when the other ends: no overlap.
    const touching = await schedule(morning.id, { agendaInicio: '2027-01-11T10:00', agendaFim: '2027-01-11T12:00' });
    expect(touching.json<AgendaOrder>().conflitos).toEqual([]);
    // Another technician at the same hours: no overlap either.
    const other = await createPlannedOrder(t.db);
    const elsewhere = await schedule(other.id, {
      tecnicoId: tec2.id,
      agendaInicio: '2027-01-10T20:00',
      agendaFim: '2027-01-11T09:00',
    });
    expect(elsewhere.json<AgendaOrder>().conflitos).toEqual([]);
  });
});

describe('GET /api/agenda', () => {
  it('answers the orders whose window touches the days (inclusive), by start; a technician only theirs', async () => {
    const who = await t.createUser('tec');
    const whoCookie = await t.login(who.username);
    const mk = (agendaInicio: string, agendaFim: string, technicianId = who.id) =>
      createPlannedOrder(t.db, { technicianId, agendaInicio, agendaFim });
    const before = await mk('2027-03-31T08:00', '2027-04-01T00:00'); // ends at midnight: does not touch 1 April
    const spanning = await mk('2027-03-30T08:00', '2027-04-01T09:00');
    const last = await mk('2027-04-07T23:00', '2027-04-08T02:00');
    const first = await mk('2027-04-01T07:00', '2027-04-01T08:00');
    const after = await mk('2027-04-08T00:00', '2027-04-08T05:00');
    const foreign = await mk('2027-04-02T07:00', '2027-04-02T08:00', tec2.id);

    const res = await get('/api/agenda?inicio=2027-04-01&fim=2027-04-07', clerk.cookie);
    expect(res.statusCode).toBe(200);
    const ids = res.json<AgendaOrder[]>().map((o) => o.id);
    expect(ids.filter((id) => [before.id, spanning.id, last.id, first.id, after.id, foreign.id].includes(id))).toEqual([
      spanning.id,
      first.id,
      foreign.id,
      last.id,
    ]);

    const mine = (await get('/api/agenda?inicio=2027-04-01&fim=2027-04-07', whoCookie)).json<AgendaOrder[]>();
    expect(mine.map((o) => o.id)).toEqual([spanning.id, first.id, last.id]);
    // Asking for someone else's does not widen a technician's view.
    const theirs = (await get(`/api/agenda?inicio=2027-04-01&fim=2027-04-07&tecnico=${tec2.id}`, whoCookie)).json();
    expect(theirs).toEqual([]);
    const filtered = (await get(`/api/agenda?inicio=2027-04-01&fim=2027-04-07&tecnico=${tec2.id}`)).json<AgendaOrder[]>();
    expect(filtered.map((o) => o.id)).toEqual([foreign.id]);
  });

  it.each([
    ['', AGENDA_MSG.periodRequired],
    ['?inicio=2027-04-01', AGENDA_MSG.periodRequired],
    ['?inicio=2027-04-31&fim=2027-05-01', AGENDA_MSG.periodRequired],
    ['?inicio=2027-04-10&fim=2027-04-09', AGENDA_MSG.periodOrder],
    ['?inicio=2027-01-01&fim=2027-04-04', AGENDA_MSG.periodTooLong],
    ['?inicio=2027-04-01&fim=2027-04-02&tecnico=joao', AGENDA_MSG.technicianFilter],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const res = await get(`/api/agenda${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('accepts 93 days exactly', async () => {
    expect((await get('/api/agenda?inicio=2027-01-01&fim=2027-04-03')).statusCode).toBe(200);
  });
});

describe('GET /api/agenda/pendentes', () => {
  it('lists open orders without a window, longest waiting first, with the total', async () => {
    const client = await createAddressedClient(t.db);
    const old = await createPlannedOrder(t.db, { clientId: client.id, data: '2020-01-02' });
    const running = await createPlannedOrder(t.db, { clientId: client.id, data: '2020-01-03', status: 'Andamento' });
    const done = await createPlannedOrder(t.db, { clientId: client.id, data: '2020-01-01', status: 'Concluído' });
    const planned = await createPlannedOrder(t.db, {
      clientId: client.id,
      data: '2020-01-01',
      technicianId: tec.id,
      agendaInicio: '2027-05-01T08:00',
      agendaFim: '2027-05-01T09:00',
    });
    const res = await get('/api/agenda/pendentes?limit=1000', clerk.cookie);
    expect(res.statusCode).toBe(200);
    const ids = res.json<Order[]>().map((o) => o.id);
    expect(ids.indexOf(old.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(running.id));
    expect(ids).not.toContain(done.id);
    expect(ids).not.toContain(planned.id);
    expect(Number(res.headers['x-total-count'])).toBe(ids.length);

    const page = await get('/api/agenda/pendentes?limit=1', clerk.cookie);
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe(String(ids.length));

    const mine = (await get('/api/agenda/pendentes', tec2.cookie)).json<Order[]>();
    expect(mine.every((o) => o.engenheiroId === tec2.id)).toBe(true);
  });
});

describe('the window on POST and PUT /api/os', () => {
  it('creates and moves an order with its window, and refuses an end not after the start', async () => {
    const client = await createAddressedClient(t.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/os',
      headers: { cookie: clerk.cookie },
      payload: {
        data: '2026-12-10',
        cliente: client.id,
        engenheiro: tec.id,
        agendaInicio: '2026-12-10T08:00',
        agendaFim: '2026-12-10T11:00',
      },
    });
    expect(created.statusCode).toBe(201);
    const order = created.json<Order>();
    expect(order).toMatchObject({ agendaInicio: '2026-12-10T08:00', agendaFim: '2026-12-10T11:00' });

    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/os/${order.id}`, headers: { cookie: clerk.cookie }, payload });
    const moved = await put({ agendaInicio: '2026-12-11T08:00', agendaFim: '2026-12-11T11:00' });
    expect(moved.json<Order>()).toMatchObject({ agendaInicio: '2026-12-11T08:00', agendaFim: '2026-12-11T11:00' });
    const onlyEnd = await put({ agendaFim: '2026-12-11T07:00' });
    expect(onlyEnd.statusCode).toBe(400);
    expect(onlyEnd.json()).toMatchObject({ error: AGENDA_MSG.endNotAfterStart, field: 'agendaFim' });
    // Fields other than the window leave it as it was.
    const other = await put({ motivo: 'Troca de capacitor' });
    expect(other.json<Order>()).toMatchObject({ agendaInicio: '2026-12-11T08:00', motivo: 'Troca de capacitor' });

    const bad = await send(clerk.cookie, 'POST', '/api/os', {
      data: '2026-12-10',
      cliente: client.id,
      agendaInicio: '2026-12-10T08:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(AGENDA_MSG.bothOrNone);
  });
});

describe("the dashboard's load of the week", () => {
  it('adds up the scheduled minutes of each technician inside this week, clipping windows that cross its edges', async () => {
    const week = weekOf(businessToday());
    const who = await t.createUser('tec', `carga_${Date.now() % 100000}`, 'Técnico da Carga');
    const plan = (agendaInicio: string, agendaFim: string) =>
      createPlannedOrder(t.db, { technicianId: who.id, agendaInicio, agendaFim });
    await plan(`${week.inicio}T08:00`, `${week.inicio}T12:00`); // 240 min
    await plan(`${addDays(week.inicio, -1)}T22:00`, `${week.inicio}T01:30`); // 90 min inside
    await plan(`${week.fim}T23:00`, `${addDays(week.fim, 1)}T03:00`); // 60 min inside
    await plan(`${addDays(week.inicio, -3)}T08:00`, `${addDays(week.inicio, -3)}T12:00`); // before: none
    const res = await get('/api/dashboard');
    expect(res.statusCode).toBe(200);
    const { cargaSemana } = res.json<DashboardData>();
    expect(cargaSemana.semana).toEqual(week);
    expect(cargaSemana.tecnicos.find((c) => c.tecnicoId === who.id)).toEqual({
      tecnicoId: who.id,
      tecnico: 'Técnico da Carga',
      minutos: 390,
      ordens: 3,
    });
  });
});
