import { APPROVAL_MSG, FIELD_MSG, formatDateTime, MSG, padNumber } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  APP_URL,
  admin,
  approve,
  clerk,
  concludedOrder,
  contest,
  decisionsOf,
  mailsTo,
  pngDataUrl,
  portalCookie,
  post,
  rate,
  send,
  smtp,
  state,
  storage,
  t,
  UA,
  useApprovalApp,
} from '../../../test/approval';
import { createOrderFixture } from '../../../test/factories/orders';
import { createPortalContact } from '../../../test/factories/portal';
import { request } from '../../../test/http';
import { readPdf } from '../../../test/pdf-reader';
import { auditLog, orders, sentEmails } from '../../db/schema';

useApprovalApp();

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
});

describe("'Aprovar' in the portal, refused (docs/rules.md#portal)", () => {
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

describe('the approval survives the closing (docs/rules.md#portal)', () => {
  it('after Fechamento and a change of what only the office sees, the office and the portal still show it approved', async () => {
    const { order, contacts } = await concludedOrder();
    const cookie = await portalCookie(contacts[0]!.id);
    const { codigo } = (await state(order.id, cookie)).json();
    expect((await approve(order.id, cookie, { nome: 'Marta Lima', codigo })).statusCode).toBe(200);

    const closed = await request(t.app, admin, 'POST', '/api/fechamentos', { osIds: [order.id] });
    expect(closed.statusCode, closed.body).toBe(201);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('Fechado');

    const office = (await request(t.app, clerk.cookie, 'GET', `/api/os/${order.id}/aprovacao`)).json();
    expect(office.decisoes[0]).toMatchObject({ tipo: 'aprovacao', nome: 'Marta Lima', atual: true });
    const portal = (await state(order.id, cookie)).json();
    expect(portal.decisao).toMatchObject({ tipo: 'aprovacao', atual: true });

    // Reopened and closed again by hand: a status change, nothing the client's copy prints.
    await t.db.update(orders).set({ status: 'Concluído' }).where(eq(orders.id, order.id));
    expect((await state(order.id, cookie)).json()).toMatchObject({ pendente: false, decisao: { atual: true } });
  });
});
