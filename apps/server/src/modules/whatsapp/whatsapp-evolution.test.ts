import { padNumber, WHATSAPP_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderWithWhatsappContact } from '../../../test/agenda-factory';
import { createTestApp, type TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { type EvolutionApi, evolutionEvent, startEvolutionApi } from '../../../test/whatsapp-providers';
import { portalContacts, whatsappMessages } from '../../db/schema';

const API_KEY = 'chave-evolution-teste';
const INSTANCE = 'os-teste';

let t: TestContext;
let evolution: EvolutionApi;
let clerk: string;
let tec: { id: number; cookie: string };
let ana: { id: number };

beforeAll(async () => {
  evolution = await startEvolutionApi({ apiKey: API_KEY, instance: INSTANCE });
  t = await createTestApp({
    APP_URL: 'https://os.exemplo.com.br',
    WHATSAPP_PROVIDER: 'evolution',
    EVOLUTION_URL: `${evolution.url}/`,
    EVOLUTION_INSTANCE: INSTANCE,
    EVOLUTION_API_KEY: API_KEY,
    NOTICE_DELAY_MINUTES: '5',
    WHATSAPP_POLL_SECONDS: '3600',
  });
  clerk = (await t.signedIn('user')).cookie;
  const created = await t.signedIn('tec');
  tec = { id: created.id, cookie: created.cookie };
  ana = await t.createUser('tec', `ana_evo_${Date.now() % 100000}`, 'Ana Técnica');
});
afterAll(async () => {
  await t?.close();
  await evolution?.close();
});

const orderWithContact = (technicianId = tec.id) => createOrderWithWhatsappContact(t.db, { technicianId });
const rowsOf = (orderId: number) => t.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId));
/** The settling delay has passed for this order's waiting messages. */
const settle = (orderId: number) =>
  t.db
    .update(whatsappMessages)
    .set({ enviarApos: new Date(Date.now() - 1000) })
    .where(eq(whatsappMessages.orderId, orderId));
const schedule = (orderId: number, inicio: string, fim: string, tecnicoId = ana.id) =>
  request(t.app, clerk, 'PUT', `/api/os/${orderId}/agenda`, { tecnicoId, agendaInicio: inicio, agendaFim: fim });

describe('Evolution API: sendText with its apikey (docs/rules.md#whatsapp)', () => {
  it('a dispatcher moving an order three times: one message, after the plan settles, with the final window', async () => {
    const { order } = await orderWithContact();
    const from = evolution.sends.length;
    await schedule(order.id, '2026-12-01T08:00', '2026-12-01T12:00');
    await schedule(order.id, '2026-12-02T08:00', '2026-12-02T12:00');
    await schedule(order.id, '2026-12-03T13:00', '2026-12-03T17:00');
    await t.app.whatsappWorker.drain();
    // Nothing yet: the plan has not been still for NOTICE_DELAY_MINUTES.
    expect(evolution.sends.length).toBe(from);
    const waiting = await rowsOf(order.id);
    expect(waiting.filter((r) => r.status === 'Pendente')).toHaveLength(1);
    expect(waiting.filter((r) => r.status === 'Substituída')).toHaveLength(2);
    const delay = waiting.find((r) => r.status === 'Pendente')!.enviarApos.getTime() - Date.now();
    expect(delay).toBeGreaterThan(4 * 60_000);

    await settle(order.id);
    await t.app.whatsappWorker.drain();
    const sent = evolution.sends.slice(from);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/message/sendText/${INSTANCE}`);
    expect(sent[0]!.headers.apikey).toBe(API_KEY);
    expect(sent[0]!.body).toEqual({
      number: '5587999990000',
      text: `Olá, Marta Lima. A visita da OS ${padNumber(order.numero)} está agendada para 03/12/2026 das 13:00 às 17:00, com o técnico Ana Técnica. Acompanhe: https://os.exemplo.com.br/portal/os/${order.id}`,
    });
    // The history lists the message sent, not the ones replaced.
    const admin = await t.loginAdmin();
    const list = (await request(t.app, admin, 'GET', '/api/mensagens?canal=WhatsApp&limit=100')).json();
    expect(list.filter((m: { osNumero: number }) => m.osNumero === order.numero)).toHaveLength(1);

    // Moved away and back to what the contact was told, before it settles: nothing is sent.
    await schedule(order.id, '2026-12-04T08:00', '2026-12-04T12:00');
    await schedule(order.id, '2026-12-03T13:00', '2026-12-03T17:00');
    await settle(order.id);
    await t.app.whatsappWorker.drain();
    expect(evolution.sends.length - from).toBe(1);
  });

  it('messages.update statuses reach the history; a wrong apikey is 401 and changes nothing', async () => {
    const { order } = await orderWithContact();
    await request(t.app, tec.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
    await t.app.whatsappWorker.drain();
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ status: 'Enviado', provedor: 'evolution' });
    const keyId = row!.provedorId!;
    const post = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: body as object });

    const forged = await post(evolutionEvent('outra-chave', 'messages.update', { keyId, status: 'READ' }));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe(WHATSAPP_MSG.unverified);
    expect((await rowsOf(order.id))[0]!.status).toBe('Enviado');

    const delivered = evolutionEvent(API_KEY, 'messages.update', {
      keyId,
      remoteJid: '5587999990000@s.whatsapp.net',
      fromMe: true,
      status: 'DELIVERY_ACK',
      instanceId: 'a1b2',
    });
    expect((await post(delivered)).json()).toMatchObject({ ok: true, statuses: 1 });
    expect((await rowsOf(order.id))[0]!.status).toBe('Entregue');
    expect((await post(evolutionEvent(API_KEY, 'messages.update', { keyId, status: 'READ' }))).json().statuses).toBe(1);
    expect((await post(delivered)).json().statuses).toBe(0);
    expect((await rowsOf(order.id))[0]!.status).toBe('Lido');
  });

  it("messages.upsert 'SAIR' from the contact opts it out", async () => {
    const { marta } = await orderWithContact();
    const upsert = evolutionEvent(API_KEY, 'messages.upsert', {
      key: { remoteJid: '5587999990000@s.whatsapp.net', fromMe: false, id: '3EB0C0' },
      pushName: 'Marta',
      message: { conversation: 'SAIR' },
      messageType: 'conversation',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      payload: upsert,
      headers: { apikey: API_KEY },
    });
    expect(res.statusCode).toBe(200);
    const [after] = await t.db.select().from(portalContacts).where(eq(portalContacts.id, marta.id));
    expect(after!.aceitaWhatsapp).toBe(false);
  });

  it('a wrong API key at the provider: Falha at once with its answer, never retried', async () => {
    const wrong = await createTestApp({
      WHATSAPP_PROVIDER: 'evolution',
      EVOLUTION_URL: evolution.url,
      EVOLUTION_INSTANCE: INSTANCE,
      EVOLUTION_API_KEY: 'chave-errada',
      WHATSAPP_POLL_SECONDS: '3600',
    });
    try {
      const tecnico = await wrong.signedIn('tec');
      const { order: o2 } = await createOrderWithWhatsappContact(wrong.db, { technicianId: tecnico.id });
      await request(wrong.app, tecnico.cookie, 'POST', `/api/os/${o2.id}/a-caminho`);
      await wrong.app.whatsappWorker.drain();
      const [row] = await wrong.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, o2.id));
      expect(row).toMatchObject({ status: 'Falha', tentativas: 1 });
      expect(row!.erro).toBe('Evolution API respondeu 401');
    } finally {
      await wrong.close();
    }
  });

  it("a template setting left empty: the message is 'Falha' naming the setting, nothing reaches the provider, the tap still counts", async () => {
    const noTemplate = await createTestApp({
      WHATSAPP_PROVIDER: 'evolution',
      EVOLUTION_URL: evolution.url,
      EVOLUTION_INSTANCE: INSTANCE,
      EVOLUTION_API_KEY: API_KEY,
      WHATSAPP_TEMPLATE_A_CAMINHO: '',
      WHATSAPP_POLL_SECONDS: '3600',
    });
    try {
      const tecnico = await noTemplate.signedIn('tec');
      const { order } = await createOrderWithWhatsappContact(noTemplate.db, { technicianId: tecnico.id });
      const calls = evolution.calls;
      const res = await request(noTemplate.app, tecnico.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
      expect(res.statusCode).toBe(202);
      await noTemplate.app.whatsappWorker.drain();
      const [row] = await noTemplate.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, order.id));
      expect(row).toMatchObject({ status: 'Falha', erro: WHATSAPP_MSG.templateMissing('WHATSAPP_TEMPLATE_A_CAMINHO') });
      expect(evolution.calls).toBe(calls);
    } finally {
      await noTemplate.close();
    }
  });
});
