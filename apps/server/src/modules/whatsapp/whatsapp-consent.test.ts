import { businessToday, formatDate, PIX_MSG, padNumber, WHATSAPP_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories/clients';
import { createOrderFixture } from '../../../test/factories/orders';
import { createConsentingContact, createPortalContact, createSignedInContact } from '../../../test/factories/portal';
import type { TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { closedOrder, PIX_SETTINGS } from '../../../test/pix';
import { type Smtp, startAppWithSmtp } from '../../../test/smtp';
import { type MetaCloudApi, type RecordedSend, startMetaCloudApi } from '../../../test/whatsapp-providers';
import { portalContacts, whatsappMessages } from '../../db/schema';
import { createLocalStorage } from '../../platform/storage';

/** The text parameters of a template message, in order, as the Cloud API received them. */
const templateTexts = (send: RecordedSend) =>
  (send.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters.map((p) => p.text);

let t: TestContext;
let smtp: Smtp;
let close: () => Promise<void>;
let meta: MetaCloudApi;
let admin: string;

beforeAll(async () => {
  meta = await startMetaCloudApi({ token: 'tk', phoneNumberId: '55' });
  ({ t, smtp, close } = await startAppWithSmtp({ APP_URL: 'https://os.exemplo.com.br', ...meta.env() }));
  admin = await t.loginAdmin();
});
afterAll(async () => {
  await close?.();
  await meta?.close();
});

/** The worker's sends since `from`: one message of `template`, to Marta's number; its parameters' texts. */
async function sentOnceToMarta(from: number, template: string) {
  await t.app.whatsappWorker.drain();
  const sent = meta.sends.slice(from).filter((s) => (s.body.template as { name: string }).name === template);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).toMatchObject({ to: '5587999990000' });
  return templateTexts(sent[0]!);
}

describe('WhatsApp numbers and consent (docs/rules.md#whatsapp)', () => {
  it("the client modal's contact: '(87) 99999-0000' and '87999990000' stored as +55; anything else 400 naming the field", async () => {
    const client = await createClient(t.db);
    const url = `/api/clientes/${client.id}/contatos`;
    const created = await request(t.app, admin, 'POST', url, {
      nome: 'Marta Lima',
      email: 'marta.zap@cliente.com.br',
      whatsapp: '(87) 99999-0000',
      aceitaWhatsapp: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ whatsapp: '+5587999990000', aceitaWhatsapp: true });
    const second = await request(t.app, admin, 'POST', url, {
      nome: 'João',
      email: 'joao.zap@cliente.com.br',
      whatsapp: '87999990001',
    });
    expect(second.json()).toMatchObject({ whatsapp: '+5587999990001', aceitaWhatsapp: false });

    for (const bad of ['99999-0000', '(87) 9999A-0000', '+1 415 555 0100', '+351 912 345 678', '(07) 99999-0000', '8799999']) {
      const res = await request(t.app, admin, 'POST', url, { nome: 'X', email: `x${Math.random()}@c.com.br`, whatsapp: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ error: WHATSAPP_MSG.phoneInvalid, field: 'whatsapp' });
    }
    const contacts = await t.db.select().from(portalContacts).where(eq(portalContacts.clientId, client.id));
    expect(contacts).toHaveLength(2);

    // An edit without the fields keeps them.
    const id = created.json().id;
    const edited = await request(t.app, admin, 'PUT', `${url}/${id}`, { nome: 'Marta L.', email: 'marta.zap@cliente.com.br' });
    expect(edited.json()).toMatchObject({ nome: 'Marta L.', whatsapp: '+5587999990000', aceitaWhatsapp: true });
  });

  it('the contact opts in and out in the portal; consent without a number is refused', async () => {
    const contact = await createSignedInContact(t.db);
    const put = (payload: object) => request(t.app, contact.cookie, 'PUT', '/api/portal/whatsapp', payload);
    const refused = await put({ whatsapp: '', aceitaWhatsapp: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: WHATSAPP_MSG.phoneInvalid, field: 'whatsapp' });
    const yes = await put({ whatsapp: '87 98888-7777', aceitaWhatsapp: true });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toMatchObject({ whatsapp: '+5587988887777', aceitaWhatsapp: true });
    const me = await request(t.app, contact.cookie, 'GET', '/api/portal/eu');
    expect(me.json()).toMatchObject({ whatsapp: '+5587988887777', aceitaWhatsapp: true });
    const no = await put({ whatsapp: '87 98888-7777', aceitaWhatsapp: false });
    expect(no.json().aceitaWhatsapp).toBe(false);
  });

  it("a technician's number and consent on the WhatsApp screen (admin); a bad number 400, nothing changed", async () => {
    const tec = await t.createUser('tec', `carlos_zap_${Date.now() % 100000}`, 'Carlos Zap');
    const url = `/api/whatsapp/usuarios/${tec.id}`;
    const ok = await request(t.app, admin, 'PUT', url, { whatsapp: '(81) 3333-4444', aceitaWhatsapp: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: tec.id, nome: 'Carlos Zap', whatsapp: '+558133334444', aceitaWhatsapp: true });
    const bad = await request(t.app, admin, 'PUT', url, { whatsapp: 'sem número', aceitaWhatsapp: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: WHATSAPP_MSG.phoneInvalid, field: 'whatsapp' });
    const list = await request(t.app, admin, 'GET', '/api/whatsapp/usuarios');
    expect(list.json().find((u: { id: number }) => u.id === tec.id)).toMatchObject({
      whatsapp: '+558133334444',
      aceitaWhatsapp: true,
    });
    const clerk = await t.signedIn('user');
    expect((await request(t.app, clerk.cookie, 'PUT', url, { whatsapp: null, aceitaWhatsapp: false })).statusCode).toBe(403);
  });
});

describe("'Enviar para aprovação' over WhatsApp", () => {
  it('the consenting contact gets os_aprovacao with the portal link once per version of the order; the e-mail goes as before', async () => {
    const storage = createLocalStorage(t.dataDir);
    const tec = await t.createUser('tec');
    const { order, clientId } = await createOrderFixture(t.db, storage, {
      status: 'Concluído',
      technicianId: tec.id,
      photos: false,
    });
    await createConsentingContact(t.db, clientId);
    await createPortalContact(t.db, { clientId, nome: 'Sem Aceite', whatsapp: '+5587999990001' });
    const mails = smtp.received.length;
    const from = meta.sends.length;
    const first = await request(t.app, admin, 'POST', `/api/os/${order.id}/enviar-aprovacao`, {});
    expect(first.statusCode, first.body).toBe(200);
    const again = await request(t.app, admin, 'POST', `/api/os/${order.id}/enviar-aprovacao`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(await sentOnceToMarta(from, 'os_aprovacao')).toEqual([
      'Marta Lima',
      padNumber(order.numero),
      `https://os.exemplo.com.br/portal/os/${order.id}`,
    ]);
    expect(smtp.received.length - mails).toBeGreaterThanOrEqual(4);
    const rows = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, order.id));
    expect(rows.map((r) => r.status)).toEqual(['Enviado']);

    // 'Mensagens enviadas': both channels, newest first, paged with X-Total-Count.
    const all = await request(t.app, admin, 'GET', '/api/mensagens?limit=100');
    expect(all.statusCode, all.body).toBe(200);
    const ofOrder = all.json().filter((m: { osNumero: number | null }) => m.osNumero === order.numero);
    expect(ofOrder.filter((m: { canal: string }) => m.canal === 'E-mail').length).toBeGreaterThanOrEqual(4);
    expect(ofOrder.filter((m: { canal: string }) => m.canal === 'WhatsApp')).toEqual([
      expect.objectContaining({
        destinatario: '+5587999990000',
        assunto: 'os_aprovacao',
        status: 'Enviado',
        nomeCliente: expect.any(String),
      }),
    ]);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(ofOrder.length);
    const page = await request(t.app, admin, 'GET', '/api/mensagens?limit=2&offset=1');
    expect(page.json()).toHaveLength(2);
    expect(page.json()[0]).toEqual(all.json()[1]);
    const emails = await request(t.app, admin, 'GET', '/api/mensagens?canal=E-mail&limit=100');
    expect(emails.json().every((m: { canal: string }) => m.canal === 'E-mail')).toBe(true);
    expect(Number(emails.headers['x-total-count']) + 1).toBeLessThanOrEqual(total);
  });

  it('a quote sent to the client: os_orcamento_enviado to the consenting contact, once per version of the quote', async () => {
    const client = await createClient(t.db);
    await createConsentingContact(t.db, client.id);
    await createPortalContact(t.db, { clientId: client.id, nome: 'Sem Aceite', whatsapp: '+5587999990001' });
    const quote = {
      clienteId: client.id,
      equipamentoId: null,
      validade: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      itens: [{ tipo: 'servico', descricao: 'Limpeza dos painéis', quantidade: 2, valorUnitario: 617.25 }],
      desconto: 0,
    };
    const created = await request(t.app, admin, 'POST', '/api/orcamentos', quote);
    expect(created.statusCode, created.body).toBe(201);
    const { id, numero } = created.json();
    const from = meta.sends.length;
    const send = () => request(t.app, admin, 'POST', `/api/orcamentos/${id}/enviar`, {});
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect(await sentOnceToMarta(from, 'os_orcamento_enviado')).toEqual([
      'Marta Lima',
      `ORC ${padNumber(numero)}`,
      'R$\u00a01.234,50',
      `https://os.exemplo.com.br/portal/orcamentos/${id}`,
    ]);
  });

  it("a closing's PIX charge goes by WhatsApp when the closing issues it: value, due day and Pix Copia e Cola, once per charge", async () => {
    expect((await request(t.app, admin, 'PUT', '/api/configuracoes/pix', PIX_SETTINGS)).statusCode).toBe(200);
    const client = await createClient(t.db);
    await createConsentingContact(t.db, client.id);
    const from = meta.sends.length;
    const { numero } = await closedOrder(t, admin, client.id);
    await t.app.whatsappWorker.drain();
    const charge = (await request(t.app, admin, 'GET', `/api/fechamentos/${numero}/cobranca`)).json();
    // 'Enviar por WhatsApp' afterwards: already told, nothing more is sent.
    const url = `/api/fechamentos/${numero}/cobranca/whatsapp`;
    const again = await request(t.app, admin, 'POST', url, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ enviadas: 0, message: PIX_MSG.whatsappNone });
    expect(await sentOnceToMarta(from, 'os_cobranca_pix')).toEqual([
      'Marta Lima',
      'R$ 3.173,85',
      formatDate(charge.vencimento),
      charge.pixCopiaECola,
    ]);

    // The office moves the due day: 'Enviar por WhatsApp' tells the client the new day, once.
    const later = `${Number(charge.vencimento.slice(0, 4)) + 1}${charge.vencimento.slice(4)}`;
    const moved = await request(t.app, admin, 'PUT', `/api/fechamentos/${numero}/cobranca/vencimento`, { vencimento: later });
    expect(moved.statusCode, moved.body).toBe(200);
    const fromMove = meta.sends.length;
    expect((await request(t.app, admin, 'POST', url, {})).json()).toEqual({ enviadas: 1, message: PIX_MSG.whatsappSent(1) });
    expect((await request(t.app, admin, 'POST', url, {})).json()).toEqual({ enviadas: 0, message: PIX_MSG.whatsappNone });
    expect(await sentOnceToMarta(fromMove, 'os_cobranca_pix')).toEqual([
      'Marta Lima',
      'R$ 3.173,85',
      formatDate(later),
      charge.pixCopiaECola,
    ]);
  });

  it("'Enviar por WhatsApp' on a charge made before the contact consented; a paid charge is refused", async () => {
    expect((await request(t.app, admin, 'PUT', '/api/configuracoes/pix', PIX_SETTINGS)).statusCode).toBe(200);
    const client = await createClient(t.db);
    const { numero } = await closedOrder(t, admin, client.id);
    await createPortalContact(t.db, { clientId: client.id, nome: 'Ana Souza', whatsapp: '+5587999990002', aceitaWhatsapp: true });
    const url = `/api/fechamentos/${numero}/cobranca/whatsapp`;
    const first = await request(t.app, admin, 'POST', url, {});
    expect(first.json()).toEqual({ enviadas: 1, message: PIX_MSG.whatsappSent(1) });
    const charge = (await request(t.app, admin, 'GET', `/api/fechamentos/${numero}/cobranca`)).json();
    await request(t.app, admin, 'POST', `/api/fechamentos/${numero}/cobranca/paga`, { data: businessToday() });
    const paid = await request(t.app, admin, 'POST', url, {});
    expect(charge.status).toBe('Em aberto');
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ error: PIX_MSG.notOpen });
  });

  it('the history refuses a channel or status it does not know, in Portuguese naming the field', async () => {
    const bad = await request(t.app, admin, 'GET', '/api/mensagens?canal=SMS');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: WHATSAPP_MSG.channelInvalid, field: 'canal' });
    const status = await request(t.app, admin, 'GET', '/api/mensagens?status=Perdido');
    expect(status.json()).toEqual({ error: WHATSAPP_MSG.statusInvalid, field: 'status' });
  });
});
