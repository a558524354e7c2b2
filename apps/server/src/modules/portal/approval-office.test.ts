import { APPROVAL_MSG, MAIL_MSG, PORTAL_MSG, padNumber } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  APP_URL,
  admin,
  approve,
  clerk,
  concludedOrder,
  decisionsOf,
  mailsTo,
  send,
  smtp,
  state,
  storage,
  t,
  useApprovalApp,
} from '../../../test/approval';
import { request } from '../../../test/http';
import { readPdf } from '../../../test/pdf-reader';
import { auditLog, sentEmails } from '../../db/schema';

useApprovalApp();

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

    // docs/rules.md#e-mails-people-can-click: HTML with a button in words, the address below; a plain-text part.
    const html = mail!.mail.html as string;
    const button = html.match(/<a href="([^"]+)"[^>]*>Aprovar ou contestar<\/a>/);
    expect(button, 'a button with words').not.toBeNull();
    const link = button![1]!.replace(/&amp;/g, '&');
    expect(link).toMatch(/^https:\/\/os\.exemplo\.com\.br\/portal\/entrar\?token=[\w-]+&os=\d+$/);
    expect(html).toContain('Se o botão não abrir, copie este endereço no navegador:');
    expect(html.indexOf(button![0]!)).toBeLessThan(html.lastIndexOf(button![1]!));
    expect(mail!.mail.text).toContain(`Aprovar ou contestar: ${link}`);
    // An automatic message keeps its footer.
    expect(mail!.mail.text).toContain(MAIL_MSG.footer);
    const url = new URL(link);
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
    // The button opens the order: the session reads it.
    expect((await request(t.app, cookie, 'GET', `/api/portal/os/${order.id}`)).statusCode).toBe(200);
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

describe('an approval link belongs to the address it was sent to (docs/rules.md#portal)', () => {
  const tokenIn = (text: string | undefined) =>
    new URL(text!.match(/https:\/\/os\.exemplo\.com\.br\/portal\/entrar\?token=[\w-]+&os=\d+/)![0]).searchParams.get('token')!;
  const signIn = (token: string) => t.app.inject({ method: 'POST', url: '/api/portal/sessao', payload: { token } });
  const edit = (clientId: number, c: { id: number; nome: string; email: string }, values: { email?: string; ativo: boolean }) =>
    request(t.app, admin, 'PUT', `/api/clientes/${clientId}/contatos/${c.id}`, { nome: c.nome, email: c.email, ...values });

  it('refuses (401) the link after an e-mail change or a deactivation and reactivation; the evidence names the new address', async () => {
    const { order, clientId, contacts } = await concludedOrder();
    const [marta, joao] = contacts as [(typeof contacts)[0], (typeof contacts)[0]];
    const subject = `Aprovação da OS ${padNumber(order.numero)}`;
    let before = smtp.received.length;
    expect((await send(order.id)).statusCode).toBe(200);
    const [toMarta] = await mailsTo(marta.email, before, subject);
    const [toJoao] = await mailsTo(joao.email, before, subject);

    expect((await edit(clientId, marta, { email: 'marta.nova@cliente.com.br', ativo: true })).statusCode).toBe(200);
    expect((await edit(clientId, joao, { ativo: false })).statusCode).toBe(200);
    expect((await edit(clientId, joao, { ativo: true })).statusCode).toBe(200);
    for (const mail of [toMarta, toJoao]) {
      const res = await signIn(tokenIn(mail!.mail.text));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(PORTAL_MSG.invalidLink);
    }

    before = smtp.received.length;
    expect((await send(order.id)).statusCode).toBe(200);
    const [fresh] = await mailsTo('marta.nova@cliente.com.br', before, subject);
    const session = await signIn(tokenIn(fresh!.mail.text));
    expect(session.statusCode).toBe(200);
    const cookie = `os_portal=${session.cookies.find((c) => c.name === 'os_portal')!.value}`;
    expect((await approve(order.id, cookie, { nome: 'Marta Lima' })).statusCode).toBe(200);
    const [row] = await decisionsOf(order.id);
    expect(row).toMatchObject({ contactId: marta.id, contatoEmail: 'marta.nova@cliente.com.br' });
    const staff = (await request(t.app, admin, 'GET', `/api/os/${order.id}/aprovacao`)).json();
    expect(staff.decisoes[0]).toMatchObject({ email: 'marta.nova@cliente.com.br' });
  });
});
