import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { clients, expenses, expenseTypes, orders, outboundTrips, returnTrips, serviceEntries } from '../../db/schema';

let t: TestContext;
let admin: string;
let tec: string;
let user: string;
const ids: Record<string, number> = {};

/**
 * The fixture, counted by hand for the period 2026-01-01 .. 2026-03-31:
 * o1 2026-01-10 Aberto (Ana), o2 2026-01-20 Andamento (Ana), o3 2026-02-05 Concluído on 02-15 (Bruno),
 * o4 2026-02-10 Fechado, no end date, return trip 03-02 (Bruno), o5 2025-12-20 Concluído on 2026-01-05 (Ana),
 * o6 2026-04-02 Aberto (nobody).
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAdmin();
  tec = (await t.signedIn('tec')).cookie;
  user = (await t.signedIn('user')).cookie;
  const ana = await t.createUser('tec', 'ana_tec', 'Ana Técnica');
  const bruno = await t.createUser('tec', 'bruno_tec', 'Bruno Souza');
  const [client] = await t.db
    .insert(clients)
    .values({ codigo: 1, razao: 'Energia Sul Ltda', cnpj: '11222333000181' })
    .returning();
  const order = (
    numero: number,
    data: string,
    status: 'Aberto' | 'Andamento' | 'Concluído' | 'Fechado',
    technicianId: number | null,
    endDate: string | null = null,
  ) => ({
    numero,
    data,
    status,
    technicianId,
    endDate,
    clientId: client!.id,
    cidade: 'Curitiba',
  });
  const rows = await t.db
    .insert(orders)
    .values([
      order(1, '2026-01-10', 'Aberto', ana.id),
      order(2, '2026-01-20', 'Andamento', ana.id),
      order(3, '2026-02-05', 'Concluído', bruno.id, '2026-02-15'),
      order(4, '2026-02-10', 'Fechado', bruno.id),
      order(5, '2025-12-20', 'Concluído', ana.id, '2026-01-05'),
      order(6, '2026-04-02', 'Aberto', null),
    ])
    .returning();
  rows.forEach((r) => {
    ids[`o${r.numero}`] = r.id;
  });
  await t.db.insert(serviceEntries).values([
    { orderId: ids.o1!, dataservico: '2026-01-11', entradaservico: '08:00', saidaservico: '16:00', duracaoMin: 480 },
    { orderId: ids.o3!, dataservico: '2026-02-06', entradaservico: '08:00', saidaservico: '13:00', duracaoMin: 300 },
    { orderId: ids.o1!, dataservico: '2026-04-01', entradaservico: '08:00', saidaservico: '10:00', duracaoMin: 120 },
  ]);
  await t.db
    .insert(outboundTrips)
    .values({ orderId: ids.o2!, dataida: '2026-01-21', saidaida: '07:00', chegadaida: '08:30', duracaoMin: 90, kmida: '50.5' });
  await t.db.insert(returnTrips).values({
    orderId: ids.o4!,
    datavolta: '2026-03-02',
    saidavolta: '17:00',
    chegadavolta: '18:00',
    duracaoMin: 60,
    kmvolta: '40',
  });
  const [alimentacao, combustivel] = await t.db
    .insert(expenseTypes)
    .values([{ despesa: 'Alimentação' }, { despesa: 'Combustível' }])
    .returning();
  const expense = (orderId: number, data: string, valorCentavos: number, expenseTypeId: number) => ({
    orderId,
    data,
    valorCentavos,
    expenseTypeId,
    docnr: '123',
    descricao: 'Despesa de teste da viagem',
  });
  await t.db
    .insert(expenses)
    .values([
      expense(ids.o1!, '2026-01-12', 4550, alimentacao!.id),
      expense(ids.o3!, '2026-02-07', 10000, combustivel!.id),
      expense(ids.o3!, '2026-02-08', 1234, alimentacao!.id),
      expense(ids.o1!, '2026-04-03', 999, combustivel!.id),
    ]);
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it('answers the figures counted by hand for the period', async () => {
    const res = await request(t.app, admin, 'GET', '/api/dashboard?dataInicio=2026-01-01&dataFim=2026-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      periodo: { dataInicio: '2026-01-01', dataFim: '2026-03-31' },
      porStatus: [
        { status: 'Aberto', total: 1 },
        { status: 'Andamento', total: 1 },
        { status: 'Concluído', total: 1 },
        { status: 'Fechado', total: 1 },
      ],
      abertasAgora: [
        { status: 'Aberto', total: 2 },
        { status: 'Andamento', total: 1 },
      ],
      porMes: [
        { mes: '2026-01', abertas: 2, concluidas: 1, despesas: 45.5 },
        { mes: '2026-02', abertas: 2, concluidas: 1, despesas: 112.34 },
        { mes: '2026-03', abertas: 0, concluidas: 1, despesas: 0 },
      ],
      porTecnico: [
        { tecnicoId: expect.any(Number), tecnico: 'Ana Técnica', minutosServico: 480, minutosViagem: 90, km: 50.5 },
        { tecnicoId: expect.any(Number), tecnico: 'Bruno Souza', minutosServico: 300, minutosViagem: 60, km: 40 },
      ],
      porTipoDespesa: [
        { tipo: 'Combustível', total: 100 },
        { tipo: 'Alimentação', total: 57.84 },
      ],
      concluidas: 3,
      // (16 + 10 + 20) / 3 days
      mediaDiasConclusao: 15.3,
      // Nothing scheduled in this database (the week's load is tested in agenda.test.ts).
      cargaSemana: { semana: expect.any(Object), tecnicos: [] },
    });
  });

  it('defaults to the last 12 months up to today', async () => {
    const res = await request(t.app, admin, 'GET', '/api/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.porMes).toHaveLength(12);
    expect(body.periodo.dataInicio).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('refuses a period that ends before it starts, and a malformed date', async () => {
    const res = await request(t.app, admin, 'GET', '/api/dashboard?dataInicio=2026-03-01&dataFim=2026-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'A data inicial deve ser anterior ou igual à data final.', field: 'dataInicio' });
    const bad = await request(t.app, admin, 'GET', '/api/dashboard?dataInicio=01/01/2026');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/grid', () => {
  it('lists every open order, oldest first, with technician and days open', async () => {
    const res = await request(t.app, admin, 'GET', '/api/grid');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const days = (from: string) => Math.round((Date.parse(today) - Date.parse(from)) / 86_400_000);
    expect(res.json()).toEqual([
      {
        id: ids.o1,
        numero: 1,
        data: '2026-01-10',
        cliente: 'Energia Sul Ltda',
        cidade: 'Curitiba',
        tecnico: 'Ana Técnica',
        status: 'Aberto',
        diasAberto: days('2026-01-10'),
      },
      {
        id: ids.o2,
        numero: 2,
        data: '2026-01-20',
        cliente: 'Energia Sul Ltda',
        cidade: 'Curitiba',
        tecnico: 'Ana Técnica',
        status: 'Andamento',
        diasAberto: days('2026-01-20'),
      },
      {
        id: ids.o6,
        numero: 6,
        data: '2026-04-02',
        cliente: 'Energia Sul Ltda',
        cidade: 'Curitiba',
        tecnico: '',
        status: 'Aberto',
        diasAberto: days('2026-04-02'),
      },
    ]);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('pages on the server: limit and offset, with the total of open orders', async () => {
    const res = await request(t.app, admin, 'GET', '/api/grid?limit=2&offset=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { id: number }) => o.id)).toEqual([ids.o2, ids.o6]);
    expect(res.headers['x-total-count']).toBe('3');
    const bad = await request(t.app, admin, 'GET', '/api/grid?limit=0');
    expect(bad.statusCode).toBe(400);
  });
});

describe('role matrix', () => {
  it.each(['/api/dashboard', '/api/grid'])('%s: 401 without a session, 403 for tec and user, 200 for admin', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await request(t.app, tec, 'GET', url)).statusCode).toBe(403);
    expect((await request(t.app, user, 'GET', url)).statusCode).toBe(403);
    expect((await request(t.app, admin, 'GET', url)).statusCode).toBe(200);
  });
});
