import { padNumber, WHATSAPP_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderWithWhatsappContact, createPlannedOrder, dayWindow, scheduleOk } from '../../../test/agenda-factory';
import { createPortalContact } from '../../../test/factories/portal';
import type { TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import {
  META_ACCOUNT,
  type MetaCloudApi,
  metaStatus,
  metaWebhook,
  postMetaWebhook,
  startAppWithMeta,
} from '../../../test/whatsapp-providers';
import { orders, portalContacts, signatures, users, whatsappMessages } from '../../db/schema';

const { token: TOKEN, phoneNumberId: PHONE_ID, appSecret: APP_SECRET, verifyToken: VERIFY } = META_ACCOUNT;
const APP_URL = 'https://os.exemplo.com.br';

let t: TestContext;
let meta: MetaCloudApi;
let close: () => Promise<void>;
let admin: string;
let clerk: string;
let tec: { id: number; cookie: string };

beforeAll(async () => {
  ({ t, meta, close } = await startAppWithMeta({ APP_URL, NOTICE_DELAY_MINUTES: '0' }));
  admin = await t.loginAdmin();
  clerk = (await t.signedIn('user')).cookie;
  const created = await t.createUser('tec', `ana_zap_${Date.now() % 100000}`, 'Ana Técnica');
  await t.db.update(users).set({ whatsapp: '+5581988887777', aceitaWhatsapp: true }).where(eq(users.id, created.id));
  tec = { id: created.id, cookie: await t.login(created.username) };
});
afterAll(() => close?.());

/** A scheduled-able order whose client has a consenting contact, one without consent and one without a number. */
async function orderWithContacts() {
  const { order, clientId, marta } = await createOrderWithWhatsappContact(t.db, { technicianId: tec.id });
  const semAceite = await createPortalContact(t.db, { clientId, nome: 'Sem Aceite', whatsapp: '+5587911112222' });
  const semNumero = await createPortalContact(t.db, { clientId, nome: 'Sem Número', aceitaWhatsapp: true });
  return { order, clientId, marta, semAceite, semNumero };
}

const sendsTo = (e164: string, from = 0) => meta.sends.slice(from).filter((s) => s.body.to === e164.replace('+', ''));
const paramsOf = (send: { body: Record<string, unknown> }) =>
  (send.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters.map((p) => p.text);
const rowsOf = (orderId: number) => t.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId));

describe('WhatsApp Cloud API: each moment sends one template message (docs/rules.md#whatsapp)', () => {
  it('a visit scheduled: the consenting contact and the technician, each once, with the template, pt_BR and parameters', async () => {
    const { order, marta } = await orderWithContacts();
    const from = meta.sends.length;
    await scheduleOk(t.app, clerk, order.id, { tecnicoId: tec.id, ...dayWindow('2026-12-01', '08:00', '12:00') });
    await t.app.whatsappWorker.drain();

    const sent = meta.sends.slice(from);
    expect(sent).toHaveLength(2);
    const [toMarta] = sendsTo(marta.whatsapp!, from);
    expect(toMarta!.path).toBe(`/v21.0/${PHONE_ID}/messages`);
    expect(toMarta!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(toMarta!.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '5587999990000',
      type: 'template',
      template: { name: 'os_visita_agendada', language: { code: 'pt_BR' } },
    });
    expect(paramsOf(toMarta!)).toEqual([
      'Marta Lima',
      padNumber(order.numero),
      '01/12/2026 das 08:00 às 12:00',
      'Ana Técnica',
      `${APP_URL}/portal/os/${order.id}`,
    ]);
    const [toTec] = sendsTo('+5581988887777', from);
    expect((toTec!.body.template as { name: string }).name).toBe('os_agenda_tecnico');
    expect(paramsOf(toTec!)[0]).toBe('Ana Técnica');

    // Sent once: a second pass of the worker sends nothing more.
    await t.app.whatsappWorker.drain();
    expect(meta.sends.length - from).toBe(2);
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => r.status)).toEqual(['Enviado', 'Enviado']);
    expect(rows.map((r) => r.provedorId).sort()).toEqual(sent.map((s) => s.id).sort());
  });

  it('order concluded: the contact gets os_concluida with the portal link; the history lists it under WhatsApp', async () => {
    const { order, marta } = await orderWithContacts();
    const from = meta.sends.length;
    const res = await request(t.app, admin, 'PUT', `/api/os/${order.id}`, { status: 'Concluído' });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.whatsappWorker.drain();
    const [send, ...more] = sendsTo(marta.whatsapp!, from);
    expect(more).toHaveLength(0);
    expect((send!.body.template as { name: string }).name).toBe('os_concluida');
    expect(paramsOf(send!)).toEqual(['Marta Lima', padNumber(order.numero), `${APP_URL}/portal/os/${order.id}`]);

    const list = await request(t.app, admin, 'GET', '/api/mensagens?canal=WhatsApp&limit=100');
    expect(list.statusCode, list.body).toBe(200);
    const row = list
      .json()
      .find((m: { osNumero: number; assunto: string }) => m.osNumero === order.numero && m.assunto === 'os_concluida');
    expect(row).toMatchObject({ canal: 'WhatsApp', destinatario: '+5587999990000', status: 'Enviado' });
  });
});

describe('order concluded by the signature and the return trip', () => {
  it('the return trip that concludes it writes os_concluida with the record; the contact gets it once', async () => {
    const { order, marta } = await orderWithContacts();
    await t.db.update(orders).set({ status: 'Andamento' }).where(eq(orders.id, order.id));
    await t.db.insert(signatures).values({ orderId: order.id, imagem: 'uploads/x.png', signerName: 'Marta Lima' });
    const from = meta.sends.length;
    const res = await request(t.app, tec.cookie, 'POST', '/api/viagemvolta/', {
      datavolta: '2026-11-21',
      saidavolta: '17:30',
      chegadavolta: '19:15',
      duracaovolta: '01:45',
      tempoEspera: '00:00',
      kmvolta: 118,
      obsvolta: '',
      numeroos: order.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [after] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe('Concluído');
    await t.app.whatsappWorker.drain();
    const sent = sendsTo(marta.whatsapp!, from);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body.template as { name: string }).name).toBe('os_concluida');
  });
});

describe("'A caminho' (POST /api/os/{id}/a-caminho)", () => {
  it('two taps at once and a third: the contact gets one message; another technician 403; the answer is 202', async () => {
    const { order, marta } = await orderWithContacts();
    const from = meta.sends.length;
    const taps = await Promise.all([1, 2, 3].map(() => request(t.app, tec.cookie, 'POST', `/api/os/${order.id}/a-caminho`)));
    expect(taps.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    expect(taps.map((r) => r.json().mensagens).sort()).toEqual([0, 0, 1]);
    expect(taps.filter((r) => r.json().message === WHATSAPP_MSG.onTheWayRepeated)).toHaveLength(2);
    await t.app.whatsappWorker.drain();
    const again = await request(t.app, tec.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
    expect(again.json()).toMatchObject({ mensagens: 0, repetido: true });
    await t.app.whatsappWorker.drain();
    const sent = sendsTo(marta.whatsapp!, from);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body.template as { name: string }).name).toBe('os_tecnico_a_caminho');
    expect(paramsOf(sent[0]!)).toEqual(['Marta Lima', 'Ana Técnica', padNumber(order.numero)]);
    expect(meta.sends.length - from).toBe(1);

    const other = await t.signedIn('tec');
    const refused = await request(t.app, other.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(WHATSAPP_MSG.notTechnician);
  });

  it('a contact without consent gets nothing', async () => {
    const order = await createPlannedOrder(t.db, { technicianId: tec.id });
    const { clientId } = order;
    await createPortalContact(t.db, { clientId, whatsapp: '+5587933334444', aceitaWhatsapp: false });
    const from = meta.sends.length;
    const res = await request(t.app, tec.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
    expect(res.statusCode).toBe(202);
    expect(res.json().mensagens).toBe(0);
    await t.app.whatsappWorker.drain();
    expect(meta.sends.length).toBe(from);
  });
});

describe("Meta's webhooks: verified, statuses forward only, 'SAIR' opts out", () => {
  it('GET answers hub.challenge only for the right verify token', async () => {
    const ok = await t.app.inject({
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('delivered then read reach the history; a replay and a wrong signature change nothing', async () => {
    const { order, marta } = await orderWithContacts();
    await request(t.app, tec.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
    await t.app.whatsappWorker.drain();
    const [row] = await rowsOf(order.id);
    expect(row!.status).toBe('Enviado');
    const id = row!.provedorId!;

    const forged = metaWebhook('outro-segredo', { statuses: [metaStatus(id, 'read', marta.whatsapp!)] });
    const refused = await postMetaWebhook(t.app, forged);
    expect(refused.statusCode).toBe(401);
    expect((await rowsOf(order.id))[0]!.status).toBe('Enviado');

    const delivered = metaWebhook(APP_SECRET, { statuses: [metaStatus(id, 'delivered', marta.whatsapp!)] });
    const post = (hook: ReturnType<typeof metaWebhook>) => postMetaWebhook(t.app, hook);
    expect((await post(delivered)).json()).toMatchObject({ ok: true, statuses: 1 });
    const list = async () =>
      (await request(t.app, admin, 'GET', '/api/mensagens?canal=WhatsApp&limit=100'))
        .json()
        .find((m: { osNumero: number }) => m.osNumero === order.numero);
    expect((await list()).status).toBe('Entregue');
    const read = metaWebhook(APP_SECRET, { statuses: [metaStatus(id, 'read', marta.whatsapp!)] });
    expect((await post(read)).json().statuses).toBe(1);
    // Replayed 'delivered' after 'read', and 'read' again: nothing changes.
    expect((await post(delivered)).json().statuses).toBe(0);
    expect((await post(read)).json().statuses).toBe(0);
    expect((await list()).status).toBe('Lido');
    const onlyRead = await request(t.app, admin, 'GET', '/api/mensagens?canal=WhatsApp&status=Lido&limit=100');
    expect(onlyRead.json().every((m: { status: string }) => m.status === 'Lido')).toBe(true);
  });

  it("a reply 'SAIR' withdraws the contact's consent: the next moment sends nothing to it", async () => {
    const { order, marta } = await orderWithContacts();
    const reply = metaWebhook(APP_SECRET, {
      contacts: [{ profile: { name: 'Marta' }, wa_id: '5587999990000' }],
      messages: [{ from: '5587999990000', id: 'wamid.in1', timestamp: '1732700000', type: 'text', text: { body: ' Sair ' } }],
    });
    const res = await postMetaWebhook(t.app, reply);
    expect(res.statusCode).toBe(200);
    const [after] = await t.db.select().from(portalContacts).where(eq(portalContacts.id, marta.id));
    expect(after!.aceitaWhatsapp).toBe(false);
    const from = meta.sends.length;
    await request(t.app, tec.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
    await t.app.whatsappWorker.drain();
    expect(sendsTo(marta.whatsapp!, from)).toHaveLength(0);
  });
});

describe('the provider down, then up', () => {
  it('the message waits with its reason and goes out once when the provider is back; the change is kept', async () => {
    const { order, marta } = await orderWithContacts();
    meta.down = true;
    const from = meta.sends.length;
    const res = await request(t.app, tec.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
    expect(res.statusCode).toBe(202);
    await t.app.whatsappWorker.drain();
    let [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ status: 'Pendente', tentativas: 1 });
    expect(row!.erro).toContain('503');
    expect(row!.enviarApos.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect(row!.enviarApos.getTime() - Date.now()).toBeLessThanOrEqual(30_000);
    const history = await request(t.app, admin, 'GET', '/api/mensagens?canal=WhatsApp&status=Pendente&limit=100');
    expect(history.json().some((m: { osNumero: number }) => m.osNumero === order.numero)).toBe(true);

    meta.down = false;
    // Its next try is due (the backoff has passed).
    await t.db
      .update(whatsappMessages)
      .set({ enviarApos: new Date(Date.now() - 1000) })
      .where(eq(whatsappMessages.id, row!.id));
    await t.app.whatsappWorker.drain();
    await t.app.whatsappWorker.drain();
    [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ status: 'Enviado', tentativas: 2, erro: null });
    expect(sendsTo(marta.whatsapp!, from)).toHaveLength(1);
  });

  it('still failing a day after it was written: Falha, with the reason', async () => {
    const { order } = await orderWithContacts();
    meta.down = true;
    await request(t.app, tec.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
    await t.app.whatsappWorker.drain();
    const [row] = await rowsOf(order.id);
    await t.db
      .update(whatsappMessages)
      .set({ createdAt: new Date(Date.now() - 24 * 3600_000 + 1000), tentativas: 12, enviarApos: new Date(Date.now() - 1000) })
      .where(eq(whatsappMessages.id, row!.id));
    await t.app.whatsappWorker.drain();
    meta.down = false;
    const [failed] = await rowsOf(order.id);
    expect(failed!.status).toBe('Falha');
    expect(failed!.erro).toContain('WhatsApp Cloud API respondeu 503');
  });
});
