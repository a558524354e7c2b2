import fs from 'node:fs';
import path from 'node:path';
import { MAIL_MSG, type SentEmail } from '@os/shared';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS, fakePdf, makeClosing, makeOrder, osBody } from '../../../test/factories/mail';
import { createTestApp, type TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { type Smtp, startAppWithSmtp } from '../../../test/smtp';
import { orders, sentEmails } from '../../db/schema';
import { createLocalStorage, storedName } from '../../platform/storage';
import { resolveDocumentAttachment } from './document-attachment';
import { ensureOrderPdf } from './mail.routes';

/** An app sending through a real SMTP server, shared by the tests of one describe. */
interface SmtpApp {
  t: TestContext;
  smtp: Smtp;
  admin: string;
}

/** Sending an order or a closing, and what is refused with nothing sent. */
function sendingTests(app: SmtpApp) {
  it('delivers the order PDF byte-identical, with recipient, subject, banner and footer; records the signed-in sender', async () => {
    const { t, smtp, admin } = app;
    const { numero, pdf, client } = await makeOrder(t);
    const res = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('cliente@exemplo.com.br', numero));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MAIL_MSG.sent);

    const got = smtp.received.at(-1)!;
    expect(got.rcpt).toEqual(['cliente@exemplo.com.br']);
    expect(got.secure).toBe(true); // STARTTLS was offered and taken
    expect(got.mail.subject).toBe(`Documento: Ordem de Serviço - Número: ${numero}`);
    expect(got.mail.from?.value[0]?.address).toBe('nao-responda@empresa.com.br');
    for (const body of [got.mail.text ?? '', got.mail.html || '']) {
      expect(body).toContain(MAIL_MSG.banner);
      // A message a person wrote carries no 'não responda' footer (docs/rules.md#e-mails-people-can-click).
      expect(body).not.toContain(MAIL_MSG.footer);
      expect(body).toContain('Atenciosamente, equipe técnica.');
    }
    expect(got.mail.headers.get('auto-submitted')).toBeUndefined();
    expect(got.mail.html).not.toContain('ignored');
    expect(got.mail.attachments).toHaveLength(1);
    expect(got.mail.attachments[0]!.filename).toBe(`OS-${String(numero).padStart(5, '0')}.pdf`);
    expect(got.mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(Buffer.compare(got.mail.attachments[0]!.content, pdf)).toBe(0);

    const [row] = await t.db
      .select()
      .from(sentEmails)
      .where(eq(sentEmails.numero, String(numero)));
    expect(row).toMatchObject({
      status: 'Enviado',
      erro: null,
      usuario: 'admin',
      email: 'cliente@exemplo.com.br',
      nomeCliente: client.razao,
      tipo: 'Ordem de Serviço',
    });
    expect(row!.anexoHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends a closing through the multipart form', async () => {
    const { t, smtp, admin } = app;
    const { numero, pdf } = await makeClosing(t);
    const form = new FormData();
    form.set('to', 'financeiro@exemplo.com.br');
    form.set('subject', `Documento: Fechamento - Número: ${numero}`);
    form.set('text', 'Fechamento do mês.');
    form.set('usuario', 'forjado');
    form.set('numeroOS_Fechamento', String(numero));
    form.set('cliente', 'Cliente do Fechamento');
    const req = new Request('http://x', { method: 'POST', body: form });
    const res = await request(t.app, admin, 'POST', '/api/sendMail', Buffer.from(await req.arrayBuffer()), {
      'content-type': req.headers.get('content-type')!,
    });
    expect(res.statusCode).toBe(200);
    const email = res.json().email as SentEmail;
    expect(email).toMatchObject({
      tipo: 'Fechamento',
      numero: String(numero),
      usario: 'admin',
      nomeCliente: 'Cliente do Fechamento',
    });
    const got = smtp.received.at(-1)!;
    expect(Buffer.compare(got.mail.attachments[0]!.content, pdf)).toBe(0);
  });

  it('answers 404 with a clear message and sends nothing for an unknown number or an order without PDF', async () => {
    const { t, smtp, admin } = app;
    const before = smtp.received.length;
    const unknown = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('a@b.com', 99999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(MAIL_MSG.orderNotFound);
    if (!ensureOrderPdf) {
      // Without the documents module an order without its full PDF cannot be sent.
      const { numero } = await makeOrder(t, false);
      const noPdf = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('a@b.com', numero));
      expect(noPdf.statusCode).toBe(404);
      expect(noPdf.json().error).toBe(MAIL_MSG.orderPdfMissing);
    }
    const closing = await request(t.app, admin, 'POST', '/api/sendMail/os', {
      ...osBody('a@b.com', 4444),
      tipoDocumento: 'Fechamento',
    });
    expect(closing.statusCode).toBe(404);
    expect(closing.json().error).toBe(MAIL_MSG.closingNotFound);
    expect(smtp.received.length).toBe(before);
    expect(await t.db.select().from(sentEmails).where(eq(sentEmails.numero, '99999'))).toHaveLength(0);
  });

  it("makes an order's missing PDF (the client's copy for a client's address) and sends it", async () => {
    const { t, smtp, admin } = app;
    const { numero } = await makeOrder(t, false);
    const res = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('a@b.com', numero));
    expect(res.statusCode).toBe(200);
    const attachment = smtp.received.at(-1)!.mail.attachments[0]!;
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.json().email.anexoHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad input with a field and sends nothing', async () => {
    const { t, admin } = app;
    const res = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('não é e-mail', 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('to');
  });
}

/** What the history keeps of an attachment: the very bytes sent, checked against their code. */
function keptAttachmentTests(app: SmtpApp) {
  it("'Ver Anexo' opens exactly the version sent, even after the order's PDF is regenerated", async () => {
    const { t, admin } = app;
    const { numero, pdf, key } = await makeOrder(t);
    const sent = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('x@exemplo.com', numero));
    const email = sent.json().email as SentEmail;
    // The documents module regenerates the order PDF in place.
    await createLocalStorage(t.dataDir).put('pdfs', fakePdf(), key!.replace(/^pdfs\//, ''));

    const byId = await request(t.app, admin, 'GET', `/api/sendmail/emails/${email.id}/anexo`);
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['content-type']).toBe('application/pdf');
    expect(byId.headers['x-anexo-sha256']).toBe(email.anexoHash);
    expect(Buffer.compare(byId.rawPayload, pdf)).toBe(0);

    const byDoc = await request(t.app, admin, 'GET', `/api/sendmail/anexo/${encodeURIComponent('Ordem de Serviço')}/${numero}`);
    expect(byDoc.statusCode).toBe(200);
    expect(Buffer.compare(byDoc.rawPayload, pdf)).toBe(0);

    const none = await request(t.app, admin, 'GET', '/api/sendmail/anexo/Fechamento/123456');
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(MAIL_MSG.attachmentNotFound);
  });

  it('refuses a stored attachment whose bytes no longer match the recorded code', async () => {
    const { t, admin } = app;
    const { numero } = await makeOrder(t);
    const sent = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('y@exemplo.com', numero));
    const email = sent.json().email as SentEmail;
    const file = path.join(t.dataDir, 'outbox', `anexo-${email.anexoHash}.pdf`);
    const original = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.from('tampered'));
    const res = await request(t.app, admin, 'GET', `/api/sendmail/emails/${email.id}/anexo`);
    expect(res.statusCode).toBe(409);
    fs.writeFileSync(file, original);
  });
}

describe('delivery through a real SMTP server', () => {
  const app = {} as SmtpApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const started = await startAppWithSmtp({ MAIL_FROM: 'Sistema de OS <nao-responda@empresa.com.br>' });
    close = started.close;
    Object.assign(app, { t: started.t, smtp: started.smtp, admin: await started.t.loginAdmin() });
  });
  afterAll(() => close());
  sendingTests(app);
  keptAttachmentTests(app);
});

/** An app writing to DATA_DIR/outbox (no SMTP_URL), shared by the tests of one describe. */
type OutboxApp = Omit<SmtpApp, 'smtp'>;

/** The .eml written and the documents hook. */
function outboxTests(app: OutboxApp) {
  it('writes a parseable .eml in DATA_DIR/outbox and records it as sent', async () => {
    const { t, admin } = app;
    const { numero, pdf } = await makeOrder(t);
    const res = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('eml@exemplo.com', numero));
    expect(res.statusCode).toBe(200);
    const files = fs.readdirSync(path.join(t.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(t.dataDir, 'outbox', files[0]!)));
    expect(mail.subject).toBe(`Documento: Ordem de Serviço - Número: ${numero}`);
    expect((mail.to as { text: string }).text).toBe('eml@exemplo.com');
    expect(mail.text).not.toContain(MAIL_MSG.footer);
    expect(mail.html).toContain(MAIL_MSG.banner);
    expect(Buffer.compare(mail.attachments[0]!.content, pdf)).toBe(0);
    expect(res.json().email.status).toBe('Enviado');
  });

  it('makes a missing order PDF through the documents hook when it is wired in', async () => {
    const { t } = app;
    const { numero } = await makeOrder(t, false);
    const storage = createLocalStorage(t.dataDir);
    const made = fakePdf();
    const calls: number[] = [];
    const user = { id: 1, username: 'admin', nome_completo: 'Administrador', email: 'admin@example.com', role: 'admin' as const };
    const attachment = await resolveDocumentAttachment(
      {
        db: t.db,
        storage,
        ensureOrderPdf: async (deps, orderId) => {
          calls.push(orderId);
          const key = await deps.storage.put('pdfs', made, storedName('os', 'pdf'));
          await deps.db.update(orders).set({ pdfcompletoFile: key }).where(eq(orders.id, orderId));
          return { key };
        },
      },
      'Ordem de Serviço',
      String(numero),
      user,
      CLIENT_ADDRESS,
    );
    expect(calls).toHaveLength(1);
    expect(Buffer.compare(attachment.content, made)).toBe(0);
    expect(attachment.filename).toBe(`OS-${String(numero).padStart(5, '0')}.pdf`);
  });
}

/** The history's filters and who may use the e-mail routes. */
function historyTests(app: OutboxApp) {
  it('filters by client and user (case-insensitive substring) and by inclusive dates on the company clock', async () => {
    const { t, admin } = app;
    const row = (nomeCliente: string, usuario: string, iso: string) => ({
      tipo: 'Fechamento',
      numero: '1',
      email: 'f@f.com',
      nomeCliente,
      usuario,
      subject: 's',
      status: 'Enviado' as const,
      dataEnvio: new Date(iso),
    });
    await t.db.insert(sentEmails).values([
      // 2026-01-10 00:00:00 in São Paulo (UTC-3) is 03:00Z; 23:59:59 is 02:59:59Z the next day.
      row('Usina Filtro Norte', 'Mariana', '2026-01-10T03:00:00Z'),
      row('Usina Filtro Norte', 'mariana', '2026-01-11T02:59:59Z'),
      row('Usina Filtro Sul', 'pedro', '2026-01-11T03:00:00Z'),
      row('Outra Empresa', 'pedro', '2026-01-10T02:59:59Z'),
    ]);
    const get = async (query: string) => {
      const res = await request(t.app, admin, 'GET', `/api/sendmail/emails?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as SentEmail[];
    };
    expect(await get('nomeCliente=filtro')).toHaveLength(3);
    expect(await get('usuario=MARI')).toHaveLength(2);
    const day = await get('dataInicio=2026-01-10&dataFinal=2026-01-10');
    expect(day.map((e) => e.data_envio).sort()).toEqual(['2026-01-10T03:00:00.000Z', '2026-01-11T02:59:59.000Z']);
    expect(await get('dataInicio=2026-01-11&dataFinal=2026-01-31')).toHaveLength(1);
    expect(await get('dataFinal=2026-01-09')).toHaveLength(1);
    expect(await get('nomeCliente=sul&usuario=pedro&dataInicio=2026-01-11&dataFinal=2026-01-11')).toHaveLength(1);
    expect(await get('usuario=%25')).toHaveLength(0); // '%' is a character, not a wildcard
    const [first] = await get('nomeCliente=Norte');
    expect(Object.keys(first!)).toEqual(
      expect.arrayContaining([
        'id',
        'tipo',
        'email',
        'usario',
        'data_envio',
        'numero',
        'status',
        'erro',
        'nomeCliente',
        'subject',
      ]),
    );
    const bad = await request(t.app, admin, 'GET', '/api/sendmail/emails?dataInicio=10/01/2026');
    expect(bad.statusCode).toBe(400);
  });

  it('lets only admins in: no session 401, tec and user 403', async () => {
    const { t, admin } = app;
    const routes = [
      { method: 'POST' as const, url: '/api/sendMail/os', payload: osBody('a@b.com', 1) },
      { method: 'POST' as const, url: '/api/sendMail', payload: {} },
      { method: 'GET' as const, url: '/api/sendmail/emails' },
      { method: 'POST' as const, url: '/api/sendmail/emails/1/reenviar' },
      { method: 'GET' as const, url: '/api/sendmail/emails/1/anexo' },
      { method: 'GET' as const, url: `/api/sendmail/anexo/${encodeURIComponent('Ordem de Serviço')}/1` },
    ];
    const tec = await t.signedIn('tec');
    const user = await t.signedIn('user');
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, `${route.url} anonymous`).toBe(401);
      expect((await t.app.inject({ ...route, headers: { cookie: tec.cookie } })).statusCode, `${route.url} tec`).toBe(403);
      expect((await t.app.inject({ ...route, headers: { cookie: user.cookie } })).statusCode, `${route.url} user`).toBe(403);
      expect([401, 403], `${route.url} admin`).not.toContain(
        (await t.app.inject({ ...route, headers: { cookie: admin } })).statusCode,
      );
    }
  });
}

describe('outbox default, history filters and roles', () => {
  const app = {} as OutboxApp;
  beforeAll(async () => {
    const t = await createTestApp();
    Object.assign(app, { t, admin: await t.loginAdmin() });
  });
  afterAll(() => app.t.close());
  outboxTests(app);
  historyTests(app);
});
