import {
  addMonths,
  businessToday,
  type DueMaintenance,
  type Equipment,
  type EquipmentHistoryEntry,
  MAINT_MSG,
  type MaintenanceGenerated,
  type Order,
  padNumber,
} from '@os/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories/clients';
import { createEquipmentRow } from '../../../test/factories/equipment';
import { samplePng } from '../../../test/factories/images';
import { admin, user as clerk, ctx as t, tec, useFileApp } from '../../../test/file-app';
import { orders } from '../../db/schema';

useFileApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The business day `n` days from today (negative: before). */
const day = (n: number) => {
  const d = new Date(`${businessToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The due list as `cookie` sees it, only the rows of these equipment (other tests share the database). */
async function due(ids: number[], ate?: string, cookie = clerk.cookie) {
  const res = await call('GET', `/api/manutencoes/previstas${ate ? `?ate=${ate}` : ''}`, undefined, cookie);
  expect(res.statusCode).toBe(200);
  return res.json<DueMaintenance[]>().filter((r) => ids.includes(r.id));
}

const ordersOf = async (equipmentId: number) =>
  (await call('GET', `/api/equipamentos/${equipmentId}/historico`)).json<EquipmentHistoryEntry[]>();

describe('GET /api/manutencoes/previstas (docs/rules.md#equipment)', () => {
  it('lists active equipment with a plan due by the day, overdue first and marked, with the client', async () => {
    const client = await createClient(t.db);
    const plan = { periodicidadeMeses: 6 };
    const late = await createEquipmentRow(t.db, client.id, { ...plan, proximaManutencao: day(-10) });
    const later = await createEquipmentRow(t.db, client.id, { ...plan, proximaManutencao: day(-40) });
    const soon = await createEquipmentRow(t.db, client.id, { ...plan, proximaManutencao: day(5) });
    const far = await createEquipmentRow(t.db, client.id, { ...plan, proximaManutencao: day(60) });
    const inactive = await createEquipmentRow(t.db, client.id, { ...plan, proximaManutencao: day(-5), ativo: false });
    const noPlan = await createEquipmentRow(t.db, client.id, { proximaManutencao: day(-5) });
    const ids = [late, later, soon, far, inactive, noPlan].map((e) => e.id);

    const byTen = await due(ids, day(10));
    expect(byTen.map((r) => r.id)).toEqual([later.id, late.id, soon.id]);
    expect(byTen.map((r) => r.atrasada)).toEqual([true, true, false]);
    expect(byTen[0]).toMatchObject({
      cliente: client.razao,
      clienteId: client.id,
      numeroSerie: later.numeroSerie,
      proximaManutencao: day(-40),
      ultimaPreventiva: null,
      preventivaAberta: null,
    });
    // Without a day: what is due by today.
    expect((await due(ids)).map((r) => r.id)).toEqual([later.id, late.id]);
    // The admin sees the same.
    expect((await due(ids, day(10), admin)).map((r) => r.id)).toEqual([later.id, late.id, soon.id]);
  });

  it('refuses a technician (403), no session (401) and a bad day (400 naming the field)', async () => {
    expect((await call('GET', '/api/manutencoes/previstas', undefined, tec.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/manutencoes/previstas' })).statusCode).toBe(401);
    for (const ate of ['2026-02-30', '31/12/2026', '1999-12-31']) {
      const res = await call('GET', `/api/manutencoes/previstas?ate=${encodeURIComponent(ate)}`);
      expect(res.statusCode, ate).toBe(400);
      expect(res.json().error).toMatch(/^Até: informe uma data válida/);
    }
  });
});

describe('POST /api/manutencoes/gerar (docs/rules.md#equipment)', () => {
  it('opens one Aberto preventive order per equipment, for its client, on its next date or the day given', async () => {
    const client = await createClient(t.db);
    const other = await createClient(t.db);
    const a = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 3, proximaManutencao: day(-3) });
    const b = await createEquipmentRow(t.db, other.id, { periodicidadeMeses: 12, proximaManutencao: day(4) });

    const res = await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [a.id, b.id] }, clerk.cookie);
    expect(res.statusCode).toBe(201);
    const { criadas } = res.json<MaintenanceGenerated>();
    expect(criadas.map((c) => [c.equipamentoId, c.data])).toEqual([
      [a.id, day(-3)],
      [b.id, day(4)],
    ]);
    const [first, second] = await Promise.all(criadas.map(async (c) => (await call('GET', `/api/os/${c.osId}`)).json<Order>()));
    expect(first).toMatchObject({
      numero: criadas[0]!.numero,
      status: 'Aberto',
      motivo: MAINT_MSG.motivo,
      clienteId: client.id,
      equipamentoId: a.id,
      nr_serie: a.numeroSerie,
      data: day(-3),
    });
    expect(second).toMatchObject({ clienteId: other.id, equipamentoId: b.id, data: day(4), status: 'Aberto' });

    // The due list now names the open order.
    const [row] = await due([a.id], day(0));
    expect(row!.preventivaAberta).toMatchObject({ id: first!.id, numero: first!.numero, status: 'Aberto' });
    // 'Última preventiva' is the last one done: an order just opened is not it.
    expect(row!.ultimaPreventiva).toBeNull();

    // A day given wins over the next date.
    const c = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 1, proximaManutencao: day(-1) });
    const given = await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [c.id], data: day(7) }, admin);
    expect(given.statusCode).toBe(201);
    const [made] = given.json<MaintenanceGenerated>().criadas;
    expect((await call('GET', `/api/os/${made!.osId}`)).json<Order>().data).toBe(day(7));
  });

  it('answers 409 for equipment with an open preventive order and then creates nothing at all', async () => {
    const client = await createClient(t.db);
    const busy = await createEquipmentRow(t.db, client.id, {
      tipo: 'Gerador',
      fabricante: 'Cummins',
      modelo: 'C150',
      periodicidadeMeses: 6,
      proximaManutencao: day(-1),
    });
    const free = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 6, proximaManutencao: day(-1) });
    const first = await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [busy.id] }, clerk.cookie);
    const numero = first.json<MaintenanceGenerated>().criadas[0]!.numero;

    const again = await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [free.id, busy.id] }, clerk.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `${MAINT_MSG.openExists}: Gerador Cummins C150 — ${busy.numeroSerie} (OS ${padNumber(numero)}).`,
    );
    expect(await ordersOf(free.id)).toEqual([]);
    expect(await ordersOf(busy.id)).toHaveLength(1);

    // An order typed by hand with the same motivo is no preventive order: it does not block.
    await call('POST', '/api/os', { data: day(0), cliente: client.id, equipamentoId: free.id, motivo: MAINT_MSG.motivo });
    expect((await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [free.id] })).statusCode).toBe(201);
  });
});

describe('preventive orders carry a technician (docs/rules.md#equipment)', () => {
  it("gives the order the equipment's last technician, or the one chosen on the due list; 'Última preventiva' is the last concluded", async () => {
    const client = await createClient(t.db, { contato: 'Marta Lima' });
    const a = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 6, proximaManutencao: day(-2) });
    const b = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 6, proximaManutencao: day(-2) });
    const carla = await t.createUser('tec', `carla_prev_${Date.now() % 100000}`, 'Carla Preventiva');
    // A preventive visit done by Tec, the equipment's last technician.
    const [done] = await t.db
      .insert(orders)
      .values({
        numero: 900000 + (Date.now() % 90000),
        data: day(-190),
        clientId: client.id,
        technicianId: tec.id,
        equipmentId: a.id,
        preventiva: true,
        status: 'Concluído',
        endDate: day(-185),
        motivo: MAINT_MSG.motivo,
      })
      .returning({ id: orders.id, numero: orders.numero });

    const [row] = await due([a.id], day(0));
    expect(row!.ultimaPreventiva).toMatchObject({ id: done!.id, status: 'Concluído', endDate: day(-185) });
    expect(row!.tecnico?.id).toBe(tec.id);

    const res = await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [a.id, b.id], tecnicos: { [b.id]: carla.id } });
    expect(res.statusCode, res.body).toBe(201);
    const [forA, forB] = await Promise.all(
      res.json<MaintenanceGenerated>().criadas.map(async (c) => (await call('GET', `/api/os/${c.osId}`)).json<Order>()),
    );
    expect(forA!.engenheiroId).toBe(tec.id);
    expect(forA!.responsavel).toBe('Marta Lima');
    expect(forB).toMatchObject({ engenheiroId: carla.id, engenheiroNome: 'Carla Preventiva' });
    // Still the concluded one, not the order just opened.
    expect((await due([a.id], day(0)))[0]!.ultimaPreventiva?.id).toBe(done!.id);

    const c = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 6, proximaManutencao: day(-2) });
    const bad = await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [c.id], tecnicos: { [c.id]: 2147483647 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MAINT_MSG.technician);
    const malformed = await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [c.id], tecnicos: 'joao' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(MAINT_MSG.technician);
    expect(await ordersOf(c.id)).toEqual([]);
  });
});

describe('the next date moves when the preventive order is concluded (docs/rules.md#equipment)', () => {
  it('moves the next date to the end date + periodicity when the preventive order is concluded, and only then', async () => {
    const client = await createClient(t.db);
    const e = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 6, proximaManutencao: day(-20) });
    // A corrective order of the same equipment concluded: the plan stays.
    const corrective = (
      await call('POST', '/api/os', { data: day(-2), cliente: client.id, equipamentoId: e.id, motivo: 'Falha no disjuntor' })
    ).json<Order>();
    await call('PUT', `/api/os/${corrective.id}`, { status: 'Concluído', endDate: day(-1) });
    expect((await call('GET', `/api/equipamentos/${e.id}`)).json<Equipment>().proximaManutencao).toBe(day(-20));

    const { criadas } = (
      await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [e.id] }, clerk.cookie)
    ).json<MaintenanceGenerated>();
    const osId = criadas[0]!.osId;
    // Started, not finished: the plan stays.
    await call('PUT', `/api/os/${osId}`, { status: 'Andamento' });
    expect((await call('GET', `/api/equipamentos/${e.id}`)).json<Equipment>().proximaManutencao).toBe(day(-20));

    const done = await call('PUT', `/api/os/${osId}`, { status: 'Concluído', endDate: '2026-08-31' });
    expect(done.statusCode).toBe(200);
    const after = (await call('GET', `/api/equipamentos/${e.id}`, undefined, tec.cookie)).json<Equipment>();
    expect(after.proximaManutencao).toBe(addMonths('2026-08-31', 6));
    expect(after.proximaManutencao).toBe('2027-02-28');

    // No open preventive order any more: the next one may be generated, and the last one is named.
    const [row] = await due([e.id], '2027-03-01');
    expect(row).toMatchObject({ preventivaAberta: null, ultimaPreventiva: { id: osId, status: 'Concluído' } });
  });

  it('moves the next date when the technician concludes it in the field: signature, then the return trip', async () => {
    const client = await createClient(t.db);
    const e = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 3, proximaManutencao: day(-5) });
    const { criadas } = (
      await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [e.id] }, clerk.cookie)
    ).json<MaintenanceGenerated>();
    const osId = criadas[0]!.osId;
    // The office gives it to the technician, who is at the site.
    await t.db.update(orders).set({ technicianId: tec.id, status: 'Andamento' }).where(eq(orders.id, osId));
    const nextDate = async () => (await call('GET', `/api/equipamentos/${e.id}`)).json<Equipment>().proximaManutencao;

    const png = `data:image/png;base64,${(await samplePng()).toString('base64')}`;
    const signed = await call(
      'POST',
      '/api/assinatura/salvar',
      { ordemServicoId: osId, assinatura: png, nome: 'Cliente' },
      tec.cookie,
    );
    expect(signed.statusCode, signed.body).toBe(201);
    // Signed but not back yet: still open, the plan stays.
    expect(await nextDate()).toBe(day(-5));

    const volta = await call(
      'POST',
      '/api/viagemvolta/',
      { datavolta: '2026-09-10', saidavolta: '17:00', chegadavolta: '19:00', kmvolta: 12, numeroos: osId },
      tec.cookie,
    );
    expect(volta.statusCode, volta.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, osId));
    expect(order).toMatchObject({ status: 'Concluído', endDate: '2026-09-10' });
    // The end date (the return trip's day) plus the periodicity.
    expect(await nextDate()).toBe(addMonths('2026-09-10', 3));
    expect(await nextDate()).toBe('2026-12-10');
  });
});

describe('POST /api/manutencoes/gerar: what it refuses', () => {
  it('refuses bad input in Portuguese naming the field, a technician (403), and creates nothing', async () => {
    const client = await createClient(t.db);
    const e = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 6, proximaManutencao: day(-1) });
    const inactive = await createEquipmentRow(t.db, client.id, { periodicidadeMeses: 6, ativo: false });
    const before = await t.db.select({ id: orders.id }).from(orders);
    const cases: [unknown, number, string | RegExp][] = [
      [{}, 400, MAINT_MSG.selectOne],
      [{ equipamentoIds: [] }, 400, MAINT_MSG.selectOne],
      [{ equipamentoIds: 'todos' }, 400, MAINT_MSG.selectOne],
      [{ equipamentoIds: [e.id, 999999] }, 400, MAINT_MSG.notFound],
      [{ equipamentoIds: [e.id, inactive.id] }, 400, MAINT_MSG.inactive],
      [{ equipamentoIds: [e.id], data: '2026-02-30' }, 400, /^Data: informe uma data válida/],
      [{ equipamentoIds: Array.from({ length: 201 }, (_, i) => i + 1) }, 400, MAINT_MSG.tooMany],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('POST', '/api/manutencoes/gerar', payload, clerk.cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error).toMatch(message);
    }
    expect((await call('POST', '/api/manutencoes/gerar', { equipamentoIds: [e.id] }, tec.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/manutencoes/gerar', payload: { equipamentoIds: [e.id] } })).statusCode,
    ).toBe(401);
    expect(await t.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    expect(await t.db.select().from(orders).where(eq(orders.equipmentId, e.id))).toEqual([]);
  });
});
