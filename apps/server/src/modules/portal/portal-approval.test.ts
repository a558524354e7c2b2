import { APPROVAL_MSG, DASHBOARD_MSG, FIELD_MSG, formatDateTime, MSG, padNumber } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderFixture } from '../../../test/factories/orders';
import { createPortalContact } from '../../../test/factories/portal';
import type { TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { readPdf } from '../../../test/pdf-reader';
import { type Smtp, startAppWithSmtp } from '../../../test/smtp';
import { auditLog, orderDecisions, orderRatings, orders, sentEmails } from '../../db/schema';
import { createPortalSession } from '../../platform/session';
import { createLocalStorage } from '../../platform/storage';

let t: TestContext;
let smtp: Smtp;
let close: () => Promise<void>;
let storage: ReturnType<typeof createLocalStorage>;
let admin: string;
let clerk: { id: number; username: string; cookie: string };
let tec: { id: number };

const APP_URL = 'https://os.exemplo.com.br';
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131 Mobile';

beforeAll(async () => {
  ({ t, smtp, close } = await startAppWithSmtp({ APP_URL }));
  storage = createLocalStorage(t.dataDir);
  admin = (await t.signedIn('admin')).cookie;
  clerk = await t.signedIn('user');
  tec = await t.createUser('tec', `tec_aprov_${Date.now() % 100000}`, 'Carlos Pereira');
});
afterAll(() => close());

/** A Concluído order of a new client with two active contacts and one inactive, created by the clerk. */
async function concludedOrder(opts: { status?: 'Concluído' | 'Andamento' | 'Fechado'; contacts?: boolean } = {}) {
  const { order, clientId } = await createOrderFixture(t.db, storage, {
    status: opts.status ?? 'Concluído',
    technicianId: tec.id,
    descriptions: ['Troca do rolamento'],
    photos: false,
  });
  await t.db.update(orders).set({ createdBy: clerk.id }).where(eq(orders.id, order.id));
  if (opts.contacts === false) return { order, clientId, contacts: [] };
  const marta = await createPortalContact(t.db, { clientId, nome: 'Marta Lima' });
  const joao = await createPortalContact(t.db, { clientId, nome: 'João Souza' });
  await createPortalContact(t.db, { clientId, nome: 'Inativo', ativo: false });
  return { order, clientId, contacts: [marta, joao] };
}

const portalCookie = async (contactId: number) => `os_portal=${await createPortalSession(t.db, contactId)}`;

const send = (id: number, cookie = admin) => request(t.app, cookie, 'POST', `/api/os/${id}/enviar-aprovacao`);
const state = (id: number, cookie: string) => request(t.app, cookie, 'GET', `/api/portal/os/${id}/aprovacao`);
const post = (url: string, cookie: string, payload: unknown, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url, headers: { cookie, 'user-agent': UA }, payload: payload as object, remoteAddress });
const approve = (id: number, cookie: string, payload: unknown) => post(`/api/portal/os/${id}/aceite`, cookie, payload);
const contest = (id: number, cookie: string, payload: unknown) => post(`/api/portal/os/${id}/contestacao`, cookie, payload);
const rate = (id: number, cookie: string, payload: unknown) => post(`/api/portal/os/${id}/avaliacao`, cookie, payload);

async function mailsTo(to: string, after: number, subject: string, n = 1) {
  for (let i = 0; i < 200; i++) {
    const mine = smtp.received.slice(after).filter((m) => m.rcpt.includes(to) && m.mail.subject === subject);
    if (mine.length >= n) return mine;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no e-mail '${subject}' to ${to}`);
}

const decisionsOf = (orderId: number) => t.db.select().from(orderDecisions).where(eq(orderDecisions.orderId, orderId));
const pngDataUrl = async () => {
  const { pngSignature } = await import('../../../test/factories/images');
  return `data:image/png;base64,${(await pngSignature()).toString('base64')}`;
};

describe("'Enviar para aprovação' (docs/rules.md#portal)", () => {
  it('e-mails each active contact the order PDF and a link that signs in once and opens the order; the history keeps the real result', async () => {
    const { order, contacts } = await concludedOrder();
    const subject = `Aprovação da OS ${padNumber(order.numero)}`;
    const before = smtp.received.length;
    const res = await send(order.id, clerk.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: APPROVAL_MSG.sent });
    expect(res.json().envios.map((e: { email: string; status: string }) => [e.email, e.status])).toEqual(
      contacts.map((c) => [c.email, 'Enviado']),
    );

    const [mail] = await mailsTo(contacts[0]!.email, before, subject);
    expect(
      smtp.received
        .slice(before)
        .flatMap((m) => m.rcpt)
        .sort(),
    ).toEqual(contacts.map((c) => c.email).sort());
    expect(mail!.mail.text).toContain('Olá, Marta Lima.');
    const attachment = mail!.mail.attachments.find((a) => a.filename === `OS-${padNumber(order.numero)}.pdf`)!;
    expect(attachment.contentType).toBe('application/pdf');
    const pdf = await readPdf(attachment.content);
    expect(pdf.text).toContain(`Ordem de Serviço Nº ${padNumber(order.numero)}`);
    expect(pdf.text).not.toContain('Despesas');

    const link = mail!.mail.text!.match(/https:\/\/os\.exemplo\.com\.br\/portal\/entrar\?token=[\w-]+&os=\d+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get('os')).toBe(String(order.id));
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sessao',
      payload: { token: url.searchParams.get('token') },
    });
    expect(session.statusCode).toBe(200);
    const cookie = `os_portal=${session.cookies.find((c) => c.name === 'os_portal')!.value}`;
    const opened = await state(order.id, cookie);
    expect(opened.json()).toMatchObject({ pendente: true, decisao: null, podeAvaliar: false, avaliacao: null });
    expect(opened.json().codigo).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sessao',
      payload: { token: url.searchParams.get('token') },
    });
    expect(again.statusCode).toBe(401);

    const history = await t.db
      .select()
      .from(sentEmails)
      .where(and(eq(sentEmails.tipo, APPROVAL_MSG.mailTipo), eq(sentEmails.numero, String(order.numero))));
    expect(history.map((h) => [h.email, h.status, h.subject, h.usuario])).toEqual(
      contacts.map((c) => [c.email, 'Enviado', subject, clerk.username]),
    );
    // The sign-in token never sits in the history; the attachment kept is the one sent.
    for (const h of history) {
      expect(h.mensagem).not.toContain('token=');
      expect(h.mensagem).toContain(`${APP_URL}/portal/os/${order.id}`);
      expect((await storage.read(h.anexoFile!)).equals(attachment.content)).toBe(true);
    }
    const staff = await request(t.app, admin, 'GET', `/api/os/${order.id}/aprovacao`);
    expect(staff.json()).toMatchObject({ status: 'Concluído', pendente: true, decisoes: [], avaliacao: null });
    expect(staff.json().envios).toHaveLength(2);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, order.id), eq(auditLog.entity, 'aprovacao_envio')));
    expect(audit).toHaveLength(1);
  });

  it('records a refused delivery as Falha with the reason and answers 502', async () => {
    const { order } = await concludedOrder();
    smtp.options.refuse = 'Caixa postal inexistente';
    try {
      const res = await send(order.id);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe(APPROVAL_MSG.sendFailed);
      expect(res.json().envios.every((e: { status: string }) => e.status === 'Falha')).toBe(true);
    } finally {
      smtp.options.refuse = undefined;
    }
    const history = await t.db
      .select()
      .from(sentEmails)
      .where(eq(sentEmails.numero, String(order.numero)));
    expect(history.map((h) => h.status)).toEqual(['Falha', 'Falha']);
    expect(history[0]!.erro).toContain('Caixa postal inexistente');
  });

  it('refuses an order that is not Concluído (409), a client without an active contact (400) and an unknown order (404); nothing is sent', async () => {
    const open = await concludedOrder({ status: 'Andamento' });
    const none = await concludedOrder({ contacts: false });
    const before = smtp.received.length;
    const notConcluded = await send(open.order.id);
    expect(notConcluded.statusCode).toBe(409);
    expect(notConcluded.json().error).toBe(APPROVAL_MSG.notConcluded);
    const noContact = await send(none.order.id);
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().error).toBe(APPROVAL_MSG.noContact);
    expect((await send(999_999)).statusCode).toBe(404);
    const tec = await t.signedIn('tec');
    expect((await send(open.order.id, tec.cookie)).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.length).toBe(before);
    for (const o of [open.order, none.order]) {
      expect(
        await t.db
          .select()
          .from(sentEmails)
          .where(eq(sentEmails.numero, String(o.numero))),
      ).toEqual([]);
    }
  });
});

describe("'Aprovar' in the portal (docs/rules.md#portal)", () => {
  it('stores the approval as evidence, shows it to the office, prints it in the order PDFs, and refuses a second decision', async () => {
    const { order, contacts } = await concludedOrder();
    const cookie = await portalCookie(contacts[0]!.id);
    const { codigo } = (await state(order.id, cookie)).json();
    const res = await approve(order.id, cookie, { nome: '  Marta Lima Souza ', assinatura: await pngDataUrl(), codigo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pendente: false,
      podeAvaliar: true,
      decisao: { tipo: 'aprovacao', nome: 'Marta Lima Souza', codigo, atual: true, motivo: null },
    });

    const [row] = await decisionsOf(order.id);
    expect(row).toMatchObject({
      tipo: 'aprovacao',
      contactId: contacts[0]!.id,
      contatoNome: 'Marta Lima',
      contatoEmail: contacts[0]!.email,
      nome: 'Marta Lima Souza',
      ip: '203.0.113.7',
      userAgent: UA,
      codigoPdf: codigo,
    });
    expect(row!.assinatura).toMatch(/^uploads\/aprovacao/);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, order.id), eq(auditLog.entity, 'aprovacao')));
    expect(audit).toMatchObject({ action: 'create', username: `portal:${contacts[0]!.email}` });
    expect(audit!.changes).toMatchObject({
      nome: 'Marta Lima Souza',
      ip: '203.0.113.7',
      navegador: UA,
      codigoPdf: codigo,
      assinatura: true,
    });

    // The office's view: who, when, from where, which PDF; the drawn signature.
    const staff = (await request(t.app, clerk.cookie, 'GET', `/api/os/${order.id}/aprovacao`)).json();
    expect(staff.pendente).toBe(false);
    expect(staff.decisoes[0]).toMatchObject({
      tipo: 'aprovacao',
      nome: 'Marta Lima Souza',
      ip: '203.0.113.7',
      navegador: UA,
      assinatura: true,
    });
    const png = await request(t.app, admin, 'GET', `/api/os/${order.id}/aprovacao/${staff.decisoes[0].id}/assinatura`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');

    // Printed in the order sheet (portal) and in the complete PDF (office).
    const when = formatDateTime(row!.createdAt);
    const sheet = await request(t.app, cookie, 'GET', `/api/portal/os/${order.id}/pdf`);
    const sheetText = (await readPdf(sheet.rawPayload)).text;
    expect(sheetText).toContain('Aprovação do Cliente');
    expect(sheetText).toContain(`Aprovada por Marta Lima Souza em ${when}`);
    expect(sheetText).toContain('Endereço IP: 203.0.113.7');
    expect(sheetText).toContain(`PDF apresentado: código ${codigo}`);
    await request(t.app, admin, 'POST', `/api/os/${order.id}/pdfcompleto`);
    const full = await request(t.app, admin, 'GET', `/api/os/${order.id}/pdfcompleto_os`);
    expect((await readPdf(full.rawPayload)).text).toContain(`Aprovada por Marta Lima Souza em ${when}`);

    // Printing the approval makes a new PDF, not a new version to approve.
    expect((await state(order.id, cookie)).json()).toMatchObject({ pendente: false, decisao: { atual: true } });
    const twice = await approve(order.id, cookie, { nome: 'Marta' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(APPROVAL_MSG.alreadyApproved);
    const other = await approve(order.id, await portalCookie(contacts[1]!.id), { nome: 'João' });
    expect(other.json().error).toBe(APPROVAL_MSG.alreadyApproved);
    const contestAfter = await contest(order.id, cookie, { motivo: 'Faltou a peça' });
    expect(contestAfter.statusCode).toBe(409);
    const resend = await send(order.id);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error).toBe(APPROVAL_MSG.alreadyApproved);
    expect(await decisionsOf(order.id)).toHaveLength(1);

    // A later change of the order asks again.
    await t.db.update(orders).set({ motivo: 'Manutenção corretiva e troca de selo' }).where(eq(orders.id, order.id));
    const changed = (await state(order.id, cookie)).json();
    expect(changed).toMatchObject({ pendente: true, decisao: { tipo: 'aprovacao', atual: false } });
    expect(changed.codigo).not.toBe(codigo);
    const stale = await approve(order.id, cookie, { nome: 'Marta Lima', codigo });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(APPROVAL_MSG.changed);
    const renewed = await approve(order.id, cookie, { nome: 'Marta Lima', codigo: changed.codigo });
    expect(renewed.statusCode).toBe(200);
    expect(await decisionsOf(order.id)).toHaveLength(2);
  });

  it('refuses a missing name, a bad signature, an order not Concluído and a stale code with Portuguese messages; nothing is stored', async () => {
    const { order, clientId, contacts } = await concludedOrder();
    const open = await createOrderFixture(t.db, storage, { status: 'Andamento', clientId, signature: false, photos: false });
    const cookie = await portalCookie(contacts[0]!.id);
    for (const [payload, message] of [
      [{ nome: '   ' }, APPROVAL_MSG.nameRequired],
      [{}, APPROVAL_MSG.nameRequired],
      [{ nome: 'x'.repeat(201) }, APPROVAL_MSG.nameTooLong],
      [{ nome: 'Marta', assinatura: 'data:image/png;base64,AAAA' }, FIELD_MSG.signatureInvalid],
      [{ nome: 'Marta', assinatura: 'data:image/jpeg;base64,AAAA' }, FIELD_MSG.signatureInvalid],
    ] as const) {
      const res = await approve(order.id, cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const notConcluded = await approve(open.order.id, cookie, { nome: 'Marta' });
    expect(notConcluded.statusCode).toBe(409);
    expect(notConcluded.json().error).toBe(APPROVAL_MSG.onlyConcluded);
    const stale = await approve(order.id, cookie, { nome: 'Marta', codigo: '0000-0000-0000-0000' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(APPROVAL_MSG.changed);
    expect(await decisionsOf(order.id)).toEqual([]);
    expect(await decisionsOf(open.order.id)).toEqual([]);
    expect((await state(order.id, cookie)).json().pendente).toBe(true);
  });

  it("answers 404 for another client's order, and keeps the two kinds of session apart (401)", async () => {
    const { order } = await concludedOrder();
    const stranger = await portalCookie((await createPortalContact(t.db)).id);
    for (const [url, payload] of [
      [`/api/portal/os/${order.id}/aceite`, { nome: 'X' }],
      [`/api/portal/os/${order.id}/contestacao`, { motivo: 'X' }],
      [`/api/portal/os/${order.id}/avaliacao`, { nota: 5 }],
    ] as const) {
      const res = await post(url, stranger, payload);
      expect(res.statusCode, url).toBe(404);
      const staff = await post(url, admin, payload);
      expect(staff.statusCode, url).toBe(401);
      expect(staff.json().error).toBe(MSG.unauthorized);
    }
    expect((await state(order.id, stranger)).statusCode).toBe(404);
    expect(await decisionsOf(order.id)).toEqual([]);
    expect((await send(order.id, stranger)).statusCode).toBe(401);
    const dash = await request(t.app, stranger, 'GET', '/api/dashboard/avaliacoes');
    expect(dash.statusCode).toBe(401);
  });
});

describe("'Contestar' in the portal (docs/rules.md#portal)", () => {
  it('stores the reason, e-mails the office (the order creator and the admins) and shows it on the order', async () => {
    const { order, contacts } = await concludedOrder();
    const cookie = await portalCookie(contacts[1]!.id);
    for (const payload of [{ motivo: '  ' }, {}, { motivo: '' }]) {
      const bad = await contest(order.id, cookie, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(APPROVAL_MSG.reasonRequired);
    }
    const tooLong = await contest(order.id, cookie, { motivo: 'x'.repeat(2001) });
    expect(tooLong.json().error).toBe(APPROVAL_MSG.reasonTooLong);
    expect(await decisionsOf(order.id)).toEqual([]);

    const before = smtp.received.length;
    const res = await contest(order.id, cookie, { motivo: 'O equipamento voltou a vazar no dia seguinte.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pendente: false,
      podeAvaliar: false,
      decisao: { tipo: 'contestacao', nome: 'João Souza', motivo: 'O equipamento voltou a vazar no dia seguinte.', atual: true },
    });
    const subject = `Contestação da OS ${padNumber(order.numero)}`;
    const [toClerk] = await mailsTo(`${clerk.username}@example.com`, before, subject);
    expect(toClerk!.mail.text).toContain('O equipamento voltou a vazar no dia seguinte.');
    expect(toClerk!.mail.text).toContain('João Souza');
    // The link opens that order in 'Editar OS' (/os?abrir=ID), not the list.
    expect(toClerk!.mail.text).toContain(`${APP_URL}/os?abrir=${order.id}`);
    const admins = smtp.received
      .slice(before)
      .filter((m) => m.mail.subject === subject && m.rcpt.some((r) => r.startsWith('admin_')));
    expect(admins.length).toBeGreaterThan(0);
    // The history row is written once the server has answered the send.
    await expect
      .poll(async () => {
        const recorded = await t.db
          .select()
          .from(sentEmails)
          .where(and(eq(sentEmails.tipo, APPROVAL_MSG.contestTipo), eq(sentEmails.numero, String(order.numero))));
        return recorded.some((r) => r.email === `${clerk.username}@example.com` && r.status === 'Enviado');
      })
      .toBe(true);

    const staff = (await request(t.app, admin, 'GET', `/api/os/${order.id}/aprovacao`)).json();
    expect(staff.decisoes[0]).toMatchObject({
      tipo: 'contestacao',
      motivo: 'O equipamento voltou a vazar no dia seguinte.',
      contato: 'João Souza',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, order.id), eq(auditLog.entity, 'contestacao')));
    expect(audit!.changes).toMatchObject({ motivo: 'O equipamento voltou a vazar no dia seguinte.' });
    const sheet = await request(t.app, cookie, 'GET', `/api/portal/os/${order.id}/pdf`);
    expect((await readPdf(sheet.rawPayload)).text).toContain('Motivo: O equipamento voltou a vazar no dia seguinte.');

    // One decision per version: the same version cannot be approved now.
    const approveAfter = await approve(order.id, cookie, { nome: 'João' });
    expect(approveAfter.statusCode).toBe(409);
    expect(approveAfter.json().error).toBe(APPROVAL_MSG.alreadyContested);
    const rating = await rate(order.id, cookie, { nota: 5 });
    expect(rating.statusCode).toBe(409);
    expect(rating.json().error).toBe(APPROVAL_MSG.rateOnlyApproved);
  });
});

describe("'Como avalia o atendimento?' (docs/rules.md#portal)", () => {
  it('takes 1 to 5 stars once after approval; the dashboard shows the average per technician and the latest comments', async () => {
    const { order, contacts } = await concludedOrder();
    const cookie = await portalCookie(contacts[0]!.id);
    const early = await rate(order.id, cookie, { nota: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(APPROVAL_MSG.rateOnlyApproved);
    expect((await approve(order.id, cookie, { nome: 'Marta Lima' })).statusCode).toBe(200);

    for (const payload of [{ nota: 0 }, { nota: 6 }, { nota: 4.5 }, { nota: '5' }, {}, { nota: -1 }]) {
      const bad = await rate(order.id, cookie, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error).toBe(APPROVAL_MSG.rateRequired);
    }
    const longComment = await rate(order.id, cookie, { nota: 4, comentario: 'x'.repeat(1001) });
    expect(longComment.json().error).toBe(APPROVAL_MSG.commentTooLong);
    expect(await t.db.select().from(orderRatings).where(eq(orderRatings.orderId, order.id))).toEqual([]);

    const res = await rate(order.id, cookie, { nota: 4, comentario: ' Técnico pontual e cuidadoso. ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ podeAvaliar: false, avaliacao: { nota: 4, comentario: 'Técnico pontual e cuidadoso.' } });
    const twice = await rate(order.id, await portalCookie(contacts[1]!.id), { nota: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(APPROVAL_MSG.alreadyRated);

    // A second order of the same technician, rated 5 without a comment.
    const second = await concludedOrder();
    const c2 = await portalCookie(second.contacts[0]!.id);
    await approve(second.order.id, c2, { nome: 'Ana' });
    expect((await rate(second.order.id, c2, { nota: 5 })).statusCode).toBe(200);

    const dash = await request(t.app, admin, 'GET', '/api/dashboard/avaliacoes');
    expect(dash.statusCode).toBe(200);
    const summary = dash.json();
    expect(summary.tecnicos.find((r: { tecnicoId: number }) => r.tecnicoId === tec.id)).toEqual({
      tecnicoId: tec.id,
      tecnico: 'Carlos Pereira',
      media: 4.5,
      quantidade: 2,
    });
    expect(summary.comentarios[0]).toMatchObject({
      numero: order.numero,
      tecnico: 'Carlos Pereira',
      contato: 'Marta Lima',
      nota: 4,
      comentario: 'Técnico pontual e cuidadoso.',
    });
    const staff = (await request(t.app, admin, 'GET', `/api/os/${order.id}/aprovacao`)).json();
    expect(staff.avaliacao).toMatchObject({ nota: 4, contato: 'Marta Lima' });
    expect((await request(t.app, clerk.cookie, 'GET', '/api/dashboard/avaliacoes')).statusCode).toBe(403);

    // The dashboard's period: ratings of another period are not counted, nor their comments shown.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const now = (await request(t.app, admin, 'GET', `/api/dashboard/avaliacoes?dataInicio=${today}&dataFim=${today}`)).json();
    expect(now.tecnicos.find((r: { tecnicoId: number }) => r.tecnicoId === tec.id)).toMatchObject({ media: 4.5, quantidade: 2 });
    const past = (
      await request(t.app, admin, 'GET', '/api/dashboard/avaliacoes?dataInicio=2020-01-01&dataFim=2020-12-31')
    ).json();
    expect(past).toEqual({ tecnicos: [], comentarios: [] });
    const bad = await request(t.app, admin, 'GET', '/api/dashboard/avaliacoes?dataInicio=2026-12-31&dataFim=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(DASHBOARD_MSG.periodInvalid);
  });
});
