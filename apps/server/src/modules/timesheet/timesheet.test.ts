import { describe, expect, it } from 'vitest';
import { auditOf, createOrder, orderStatus } from '../../../test/factories/orders';
import { admin, ctx, otherTec, tec, useFileApp, user } from '../../../test/file-app';
import { send } from '../../../test/requests';

useFileApp();

const ida = (numeroos: number, extra: Record<string, unknown> = {}) => ({
  dataida: '2026-11-21',
  saidaida: '06:30',
  chegadaida: '09:00',
  duracaoida: '99:99',
  kmida: '120,5',
  obsida: 'BR-101',
  numeroos,
  ...extra,
});
const servico = (numeroos: number, extra: Record<string, unknown> = {}) => ({
  dataservico: '2026-11-21',
  feriado: 'nao',
  entradaservico: '09:00',
  saidaservico: '18:00',
  intervalo: 1.5,
  duracaoservico: 42,
  numeroos,
  ...extra,
});
const volta = (numeroos: number, extra: Record<string, unknown> = {}) => ({
  datavolta: '2026-11-21',
  saidavolta: '22:30',
  chegadavolta: '01:15',
  duracaovolta: '00:01',
  tempoEspera: '00:15',
  kmvolta: 118,
  obsvolta: '',
  numeroos,
  ...extra,
});

const post = (url: string, cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), ...headers }, payload: payload as object });
/** PUT /api/{kind}/atualizatabela/{id}: a row edited in place. */
const edit = (kind: string, id: number | string, payload: object, cookie = tec.cookie) =>
  send(cookie, 'PUT', `/api/${kind}/atualizatabela/${id}`, payload);

describe('role matrix', () => {
  it('answers 401 without a session on every timesheet route', async () => {
    for (const [method, url] of [
      ['POST', '/api/viagemida/'],
      ['GET', '/api/viagemida/1'],
      ['PUT', '/api/viagemida/atualizatabela/1'],
      ['POST', '/api/servicos/'],
      ['GET', '/api/servicos/1'],
      ['PUT', '/api/servicos/atualizatabela/1'],
      ['POST', '/api/viagemvolta/'],
      ['GET', '/api/viagemvolta/1'],
      ['PUT', '/api/viagemvolta/atualizatabela/1'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets the assigned tec and an admin write; another tec and a standard user get 403', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    expect((await post('/api/servicos/', otherTec.cookie, servico(order.id))).statusCode).toBe(403);
    expect((await post('/api/servicos/', user.cookie, servico(order.id))).statusCode).toBe(403);
    expect((await post('/api/servicos/', tec.cookie, servico(order.id))).statusCode).toBe(201);
    expect((await post('/api/servicos/', admin, servico(order.id))).statusCode).toBe(201);
  });

  it('lets the assigned tec, a standard user and an admin read; another tec gets 403', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    await post('/api/servicos/', tec.cookie, servico(order.id));
    for (const cookie of [tec.cookie, user.cookie, admin]) {
      const res = await send(cookie, 'GET', `/api/servicos/${order.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(1);
    }
    const res = await send(otherTec.cookie, 'GET', `/api/servicos/${order.id}`);
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await post('/api/viagemida/', admin, ida(999_999))).statusCode).toBe(404);
  });
});

describe('outbound trip', () => {
  it('recomputes the duration, moves Aberto to Andamento and is audited', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await post('/api/viagemida/', tec.cookie, ida(order.id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      saidaida: '06:30',
      chegadaida: '09:00',
      duracaoida: '02:30',
      kmida: 120.5,
      numeroos: order.id,
    });
    expect((await orderStatus(ctx.db, order.id)).status).toBe('Andamento');
    const audit = await auditOf(ctx.db, order.id);
    expect(audit.map((a) => `${a.entity}:${a.action}`)).toEqual(expect.arrayContaining(['viagemida:create', 'order:status']));

    const list = await send(tec.cookie, 'GET', `/api/viagemida/${order.id}`);
    expect(list.json()).toEqual([expect.objectContaining({ dataida: '2026-11-21', duracaoida: '02:30', obsida: 'BR-101' })]);
  });

  it('is locked (409) while the order is Andamento', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id, status: 'Andamento' });
    const res = await post('/api/viagemida/', tec.cookie, ida(order.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/bloqueada/);
    expect((await send(tec.cookie, 'GET', `/api/viagemida/${order.id}`)).json()).toEqual([]);
  });

  it('refuses missing km, a bad time and an arrival before departure with 400, storing nothing', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const noKm = await post('/api/viagemida/', tec.cookie, ida(order.id, { kmida: '' }));
    expect(noKm.statusCode).toBe(400);
    expect(noKm.json().field).toBe('kmida');
    expect((await post('/api/viagemida/', tec.cookie, ida(order.id, { saidaida: '25:00' }))).statusCode).toBe(400);
    const backwards = await post('/api/viagemida/', tec.cookie, ida(order.id, { saidaida: '10:00', chegadaida: '09:00' }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().field).toBe('chegadaida');
    expect((await orderStatus(ctx.db, order.id)).status).toBe('Aberto');
  });

  it('answers the first result for a repeated Idempotency-Key, even after the lock', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const headers = { 'idempotency-key': 'offline-ida-0001' };
    const first = await post('/api/viagemida/', tec.cookie, ida(order.id), headers);
    const again = await post('/api/viagemida/', tec.cookie, ida(order.id), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const list = await send(tec.cookie, 'GET', `/api/viagemida/${order.id}`);
    expect(list.json()).toHaveLength(1);
    expect((await post('/api/viagemida/', otherTec.cookie, ida(order.id), headers)).statusCode).toBe(409);
  });

  it('PUT on an outbound trip is locked (409) while the order is Andamento', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const trip = (await post('/api/viagemida/', tec.cookie, ida(order.id))).json();
    const locked = await edit('viagemida', trip.id, ida(order.id, { chegadaida: '10:00' }));
    expect(locked.statusCode).toBe(409);
  });
});

describe('service day', () => {
  it('replaces the browser duration with exit - entry - break, in decimal hours', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await post('/api/servicos/', tec.cookie, servico(order.id, { feriado: 'sim' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      feriado: 'sim',
      entradaservico: '09:00',
      saidaservico: '18:00',
      intervalo: 1.5,
      duracaoservico: 7.5,
    });
  });

  it('refuses a negative service (empty duration) with the product message', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await post('/api/servicos/', tec.cookie, servico(order.id, { entradaservico: '18:00', saidaservico: '09:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Preencha todos os dados do Serviço...');
    expect((await post('/api/servicos/', tec.cookie, servico(order.id, { dataservico: '21/11/2026' }))).statusCode).toBe(400);
  });

  it('PUT atualizatabela recomputes, audits the change and answers 404 for an unknown row', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const entry = (await post('/api/servicos/', tec.cookie, servico(order.id))).json();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/servicos/atualizatabela/${entry.id}`,
      headers: { cookie: tec.cookie },
      payload: {
        dataservico: '2026-11-22',
        feriado: 'nao',
        entradaservico: '08:00',
        saidaservico: '12:00',
        intervalo: 0,
        duracaoservico: 99,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dataservico: '2026-11-22', duracaoservico: 4, intervalo: 0 });
    const audit = await auditOf(ctx.db, order.id);
    const update = audit.find((a) => a.entity === 'servico' && a.action === 'update');
    expect(update?.changes).toMatchObject({ duracaoservico: { antes: 7.5, depois: 4 } });

    const bad = await edit('servicos', entry.id, {
      dataservico: '2026-11-22',
      feriado: 'nao',
      entradaservico: '12:00',
      saidaservico: '08:00',
      intervalo: 0,
    });
    expect(bad.statusCode).toBe(400);
    const missing = await edit('servicos', 999999, {
      dataservico: '2026-11-22',
      entradaservico: '08:00',
      saidaservico: '12:00',
    });
    expect(missing.statusCode).toBe(404);
    const other = await edit(
      'servicos',
      entry.id,
      { dataservico: '2026-11-22', entradaservico: '08:00', saidaservico: '12:00' },
      otherTec.cookie,
    );
    expect(other.statusCode).toBe(403);
  });
});

describe('return trip', () => {
  it('adds a day across midnight and subtracts the waiting time', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await post('/api/viagemvolta/', tec.cookie, volta(order.id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ duracaovolta: '02:30', tempoEspera: '00:15', kmvolta: 118 });
    const noWait = await post(
      '/api/viagemvolta/',
      tec.cookie,
      volta(order.id, { tempoEspera: undefined, saidavolta: '17:00', chegadavolta: '19:00' }),
    );
    expect(noWait.json()).toMatchObject({ tempoEspera: '00:00', duracaovolta: '02:00' });
    const list = await send(tec.cookie, 'GET', `/api/viagemvolta/${order.id}`);
    expect(list.json()).toHaveLength(2);
  });

  it('requires kmvolta', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await post('/api/viagemvolta/', tec.cookie, volta(order.id, { kmvolta: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('kmvolta');
  });

  it('PUT recomputes the return duration', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const trip = (await post('/api/viagemvolta/', tec.cookie, volta(order.id))).json();
    const res = await edit(
      'viagemvolta',
      trip.id,
      volta(order.id, { saidavolta: '18:00', chegadavolta: '20:00', tempoEspera: '00:30' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().duracaovolta).toBe('01:30');
  });

  it('moves a signed order to Concluído with the return date as endDate', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id, status: 'Andamento' });
    const { samplePng } = await import('../../../test/factories/images');
    const png = (await samplePng()).toString('base64');
    const signed = await post('/api/assinatura/salvar', tec.cookie, {
      ordemServicoId: order.id,
      assinatura: `data:image/png;base64,${png}`,
    });
    expect(signed.statusCode).toBe(201);
    expect((await orderStatus(ctx.db, order.id)).status).toBe('Andamento');
    await post('/api/viagemvolta/', tec.cookie, volta(order.id, { datavolta: '2026-11-23' }));
    expect(await orderStatus(ctx.db, order.id)).toEqual({ status: 'Concluído', endDate: '2026-11-23' });
  });
});

describe('Fechado orders', () => {
  it('refuses every record write with 409, also to an admin', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id, status: 'Fechado' });
    expect((await post('/api/viagemida/', admin, ida(order.id))).statusCode).toBe(409);
    expect((await post('/api/servicos/', tec.cookie, servico(order.id))).statusCode).toBe(409);
    expect((await post('/api/viagemvolta/', tec.cookie, volta(order.id))).statusCode).toBe(409);
  });
});
