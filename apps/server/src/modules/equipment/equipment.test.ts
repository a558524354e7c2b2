import { EQUIP_MSG, type Equipment, type EquipmentHistoryEntry, type Order } from '@os/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories/clients';
import { createEquipmentRow } from '../../../test/factories/equipment';
import { admin, user as clerk, ctx as t, tec, useFileApp } from '../../../test/file-app';
import { pdfText } from '../../../test/pdf-reader';
import { uniqueDigits } from '../../../test/random';
import { descriptions, equipment } from '../../db/schema';

useFileApp();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const serial = () => `SN-${uniqueDigits()}`;

describe('equipment register (docs/rules.md#equipment)', () => {
  it('creates, reads, lists with search and client filter, edits and deletes', async () => {
    const client = await createClient(t.db, { razao: `Usina Solar ${uniqueDigits()}` });
    const sn = serial();
    const created = await call('POST', '/api/equipamentos', {
      clienteId: client.id,
      tipo: 'Inversor',
      fabricante: 'WEG',
      modelo: 'SIW500H',
      numeroSerie: sn,
      local: 'Casa de máquinas',
      dataInstalacao: '2026-01-31',
      periodicidadeMeses: 1,
    });
    expect(created.statusCode).toBe(201);
    const e = created.json<Equipment>();
    // proximaManutencao starts at installation + periodicity, the day clamped to February's last.
    expect(e).toMatchObject({
      clienteId: client.id,
      cliente: client.razao,
      ativo: true,
      proximaManutencao: '2026-02-28',
      obs: '',
    });

    expect((await call('GET', `/api/equipamentos/${e.id}`, undefined, tec.cookie)).json()).toEqual(e);

    const other = await createClient(t.db);
    await createEquipmentRow(t.db, other.id, { modelo: 'Outro' });
    const bySerial = await call('GET', `/api/equipamentos?search=${sn.toLowerCase()}&limit=5`, undefined, clerk.cookie);
    expect(bySerial.statusCode).toBe(200);
    expect(bySerial.headers['x-total-count']).toBe('1');
    expect(bySerial.json<Equipment[]>().map((r) => r.id)).toEqual([e.id]);
    const byClient = (await call('GET', `/api/equipamentos?cliente=${client.id}`)).json<Equipment[]>();
    expect(byClient.map((r) => r.id)).toEqual([e.id]);
    const byModel = (await call('GET', `/api/equipamentos?cliente=${client.id}&search=siw500`)).json<Equipment[]>();
    expect(byModel).toHaveLength(1);

    const edited = await call('PUT', `/api/equipamentos/${e.id}`, { ...e, local: 'Subestação', ativo: false });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ local: 'Subestação', ativo: false, proximaManutencao: '2026-02-28' });
    const inactive = (await call('GET', `/api/equipamentos?cliente=${client.id}&ativo=true`)).json<Equipment[]>();
    expect(inactive).toEqual([]);

    expect((await call('DELETE', `/api/equipamentos/${e.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/equipamentos/${e.id}`)).statusCode).toBe(404);
  });

  it('refuses a serial already registered for the manufacturer (case ignored) with 409, another maker is fine', async () => {
    const client = await createClient(t.db);
    const sn = serial();
    await createEquipmentRow(t.db, client.id, { fabricante: 'Schneider', numeroSerie: sn });
    const dup = await call('POST', '/api/equipamentos', {
      clienteId: client.id,
      tipo: 'Nobreak',
      fabricante: 'SCHNEIDER',
      numeroSerie: sn.toLowerCase(),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: EQUIP_MSG.duplicateSerial });
    const otherMaker = await call('POST', '/api/equipamentos', {
      clienteId: client.id,
      tipo: 'Nobreak',
      fabricante: 'APC',
      numeroSerie: sn,
    });
    expect(otherMaker.statusCode).toBe(201);
  });

  it('answers bad input in Portuguese naming the field, and stores nothing', async () => {
    const client = await createClient(t.db);
    const base = { clienteId: client.id, tipo: 'Gerador', numeroSerie: serial() };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, periodicidadeMeses: 0 }, EQUIP_MSG.periodicityInvalid],
      [{ ...base, periodicidadeMeses: 121 }, EQUIP_MSG.periodicityInvalid],
      [{ ...base, periodicidadeMeses: 1.5 }, EQUIP_MSG.periodicityInvalid],
      [{ ...base, dataInstalacao: '2026-02-30' }, `Data de instalação: ${EQUIP_MSG.invalidDate}`],
      [{ ...base, proximaManutencao: '1999-12-31' }, `Próxima manutenção: ${EQUIP_MSG.invalidDate}`],
      [{ ...base, tipo: ' ' }, EQUIP_MSG.tipoRequired],
      [{ ...base, numeroSerie: undefined }, EQUIP_MSG.serialRequired],
      [{ ...base, clienteId: undefined }, EQUIP_MSG.clientRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/equipamentos', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const missing = await call('POST', '/api/equipamentos', { ...base, clienteId: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(EQUIP_MSG.clientNotFound);
    const stored = await t.db.select().from(equipment).where(eq(equipment.clientId, client.id));
    expect(stored).toEqual([]);
  });

  it('lets every role read but only an admin write (docs/rules.md#permissions)', async () => {
    const client = await createClient(t.db);
    const row = await createEquipmentRow(t.db, client.id);
    for (const cookie of [clerk.cookie, tec.cookie]) {
      expect((await call('GET', '/api/equipamentos', undefined, cookie)).statusCode).toBe(200);
      const body = { clienteId: client.id, tipo: 'Inversor', numeroSerie: serial() };
      expect((await call('POST', '/api/equipamentos', body, cookie)).statusCode).toBe(403);
      expect((await call('PUT', `/api/equipamentos/${row.id}`, body, cookie)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/equipamentos/${row.id}`, undefined, cookie)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/equipamentos' })).statusCode).toBe(401);
    const [still] = await t.db.select().from(equipment).where(eq(equipment.id, row.id));
    expect(still?.numeroSerie).toBe(row.numeroSerie);
  });
});

describe('orders linked to equipment (docs/rules.md#equipment)', () => {
  it('fills the texts from the equipment, answers equipamentoId, finds the serial, and keeps the equipment while in use', async () => {
    const client = await createClient(t.db);
    const sn = serial();
    const e = await createEquipmentRow(t.db, client.id, {
      tipo: 'Transformador',
      fabricante: 'Siemens',
      modelo: 'T-500',
      numeroSerie: sn,
    });
    const res = await call('POST', '/api/os', { data: '2026-11-20', cliente: client.id, equipamentoId: e.id }, clerk.cookie);
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({ equipamentoId: e.id, equipamento: 'Transformador Siemens T-500', nr_serie: sn });

    // Texts sent win over the equipment's.
    const typed = await call('POST', '/api/os', {
      data: '2026-11-20',
      cliente: client.id,
      equipamentoId: e.id,
      equipamento: 'Trafo da subestação',
    });
    expect(typed.json<Order>()).toMatchObject({ equipamento: 'Trafo da subestação', nr_serie: sn });

    const found = (await call('GET', `/api/os?q=${sn}`)).json<Order[]>();
    expect(found.map((o) => o.id).sort()).toEqual([order.id, typed.json<Order>().id].sort());
    expect((await call('GET', `/api/os/${order.id}`)).json<Order>().equipamentoId).toBe(e.id);

    const refused = await call('DELETE', `/api/equipamentos/${e.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: EQUIP_MSG.inUse });

    const unlinked = await call('PUT', `/api/os/${order.id}`, { equipamentoId: null });
    expect(unlinked.json<Order>()).toMatchObject({ equipamentoId: null, equipamento: 'Transformador Siemens T-500' });
  });

  it("refuses another client's equipment with 400 naming the field, and changes nothing", async () => {
    const client = await createClient(t.db);
    const other = await createClient(t.db);
    const foreign = await createEquipmentRow(t.db, other.id);
    const res = await call('POST', '/api/os', { data: '2026-11-20', cliente: client.id, equipamentoId: foreign.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: EQUIP_MSG.orderEquipmentOther, field: 'equipamentoId' });

    const own = await createEquipmentRow(t.db, client.id);
    const order = (
      await call('POST', '/api/os', { data: '2026-11-20', cliente: client.id, equipamentoId: own.id })
    ).json<Order>();
    const moved = await call('PUT', `/api/os/${order.id}`, { cliente: other.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().field).toBe('equipamentoId');
    expect((await call('GET', `/api/os/${order.id}`)).json<Order>()).toMatchObject({
      clienteId: client.id,
      equipamentoId: own.id,
    });
    const missing = await call('PUT', `/api/os/${order.id}`, { equipamentoId: 999999 });
    expect(missing.json()).toEqual({ error: EQUIP_MSG.orderEquipmentNotFound, field: 'equipamentoId' });
  });
});

describe('GET /api/equipamentos/{id}/historico', () => {
  it("answers that equipment's orders only, newest first, with their descriptions and photos, for every role", async () => {
    const client = await createClient(t.db);
    const e = await createEquipmentRow(t.db, client.id);
    const twin = await createEquipmentRow(t.db, client.id);
    const post = async (data: string, equipamentoId: number, motivo: string) =>
      (await call('POST', '/api/os', { data, cliente: client.id, equipamentoId, motivo, engenheiro: tec.id })).json<Order>();
    const older = await post('2026-03-01', e.id, 'Troca de capacitores');
    const newer = await post('2026-09-15', e.id, 'Inspeção termográfica');
    const unrelated = await post('2026-10-01', twin.id, 'Outro equipamento');
    await call('POST', '/api/os', { data: '2026-10-02', cliente: client.id, motivo: 'Sem equipamento' });
    await t.db.insert(descriptions).values([
      {
        orderId: older.id,
        data: '2026-03-02',
        descricao: 'Capacitores C3 e C4 trocados',
        imagem: 'uploads/imagem_20260302101010.jpg',
      },
      { orderId: unrelated.id, data: '2026-10-01', descricao: 'Não é deste equipamento' },
    ]);

    const res = await call('GET', `/api/equipamentos/${e.id}/historico`, undefined, tec.cookie);
    expect(res.statusCode).toBe(200);
    const history = res.json<EquipmentHistoryEntry[]>();
    expect(history.map((h) => h.numero)).toEqual([newer.numero, older.numero]);
    expect(history[0]).toMatchObject({ motivo: 'Inspeção termográfica', status: 'Aberto', data: '2026-09-15', descricoes: [] });
    expect(history[1]!.engenheiroNome).not.toBe('');
    expect(history[1]!.descricoes).toEqual([
      {
        id: expect.any(Number),
        data: '2026-03-02',
        descricao: 'Capacitores C3 e C4 trocados',
        imagem: 'imagem_20260302101010.jpg',
      },
    ]);
    expect((await call('GET', '/api/equipamentos/999999/historico')).statusCode).toBe(404);
  });
});

describe('the order PDF of an order linked to equipment (docs/rules.md#equipment)', () => {
  it("prints the equipment's data under 'Equipamento do cliente'; an order without one prints no such section", async () => {
    const client = await createClient(t.db);
    const sn = serial();
    const e = await createEquipmentRow(t.db, client.id, {
      tipo: 'Nobreak',
      fabricante: 'SMS',
      modelo: 'Sinus Triad 10 kVA',
      numeroSerie: sn,
      local: 'Sala de TI, 2º andar',
      dataInstalacao: '2024-03-15',
    });
    const linked = (await call('POST', '/api/os', { data: '2026-11-20', cliente: client.id, equipamentoId: e.id })).json<Order>();
    const plain = (await call('POST', '/api/os', { data: '2026-11-20', cliente: client.id })).json<Order>();
    const printed = async (id: number) => {
      expect((await call('POST', `/api/os/${id}/pdf`)).statusCode).toBe(200);
      const res = await call('GET', `/api/os/${id}/pdfviewer`);
      expect(res.headers['content-type']).toBe('application/pdf');
      return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    };
    const text = await printed(linked.id);
    expect(text).toContain('Equipamento do cliente');
    for (const part of [
      'Tipo: Nobreak',
      'Fabricante: SMS',
      'Modelo: Sinus Triad 10 kVA',
      `Nº de série: ${sn}`,
      'Local: Sala de TI, 2º andar',
      'Data de instalação: 15/03/2024',
    ])
      expect(text).toContain(part);
    expect(await printed(plain.id)).not.toContain('Equipamento do cliente');
  });
});
