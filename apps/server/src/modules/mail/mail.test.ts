import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { MAIL_MSG, type SentEmail } from '@os/shared';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { type Smtp, startAppWithSmtp, startSmtp } from '../../../test/smtp';
import { clients, closings, orders, sentEmails } from '../../db/schema';
import { createLocalStorage, storedName } from '../../platform/storage';
import { resolveDocumentAttachment } from './document-attachment';
import { ensureOrderPdf } from './mail.routes';

/** A stand-in PDF with random bytes, so "byte-identical" means something. */
const fakePdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);

let seq = 0;
const mailTestAdmin = {
  id: 1,
  username: 'admin',
  nome_completo: 'Administrador',
  email: 'admin@example.com',
  role: 'admin' as const,
};
async function makeOrder(t: TestContext, withPdf = true) {
  seq += 1;
  const [client] = await t.db
    .insert(clients)
    .values({ codigo: 9000 + seq, razao: `Cliente Ação ${seq} Ltda`, cnpj: String(11222333000100 + seq).padStart(14, '0') })
    .returning();
  const numero = 500 + seq;
  const [order] = await t.db.insert(orders).values({ numero, data: '2026-03-01', clientId: client!.id }).returning();
  if (!withPdf) return { numero, client: client!, pdf: Buffer.alloc(0), key: null };
  // A real PDF of the order as it is: an outdated one would be made again before sending.
  const storage = createLocalStorage(t.dataDir);
  const { key } = await ensureOrderPdf!({ db: t.db, storage }, order!.id, mailTestAdmin);
  return { numero, client: client!, pdf: await storage.read(key), key };
}

async function makeClosing(t: TestContext) {
  seq += 1;
  const pdf = fakePdf();
  const key = await createLocalStorage(t.dataDir).put('pdfs', pdf, storedName('fechamento', 'pdf'));
  const numero = 70 + seq;
  await t.db.insert(closings).values({ numero, figures: {}, pdfFile: key });
  return { numero, pdf, key };
}

const osBody = (to: string, numero: number) => ({
  to,
  subject: `Documento: Ordem de Serviço - Número: ${numero}`,
  tipoDocumento: 'Ordem de Serviço',
  numeroOS_Fechamento: String(numero),
  text: 'Segue em anexo a ordem de serviço.\nAtenciosamente, equipe técnica.',
  html: '<p>ignored</p>',
  usuario: 'alguém-que-não-é-o-remetente',
});

describe('delivery through a real SMTP server', () => {
  let t: TestContext;
  let smtp: Smtp;
  let close: () => Promise<void>;
  let admin: string;
  beforeAll(async () => {
    ({ t, smtp, close } = await startAppWithSmtp({ MAIL_FROM: 'Sistema de OS <nao-responda@empresa.com.br>' }));
    admin = await t.loginAdmin();
  });
  afterAll(() => close());

  it('delivers the order PDF byte-identical, with recipient, subject, banner and footer; records the signed-in sender', async () => {
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
      expect(body).toContain(MAIL_MSG.footer);
      expect(body).toContain('Atenciosamente, equipe técnica.');
    }
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

  it("makes an order's missing full PDF and sends it", async () => {
    const { numero } = await makeOrder(t, false);
    const res = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('a@b.com', numero));
    expect(res.statusCode).toBe(200);
    const attachment = smtp.received.at(-1)!.mail.attachments[0]!;
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.json().email.anexoHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad input with a field and sends nothing', async () => {
    const res = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('não é e-mail', 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('to');
  });

  it("'Ver Anexo' opens exactly the version sent, even after the order's PDF is regenerated", async () => {
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
});

describe('a refusing SMTP server', () => {
  let t: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp({ refuse: 'Mailbox unavailable: caixa inexistente' });
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("records 'Falha' with the server's reason, answers the old product's message, and can be re-sent", async () => {
    const admin = await t.loginAdmin();
    const { numero, pdf } = await makeOrder(t);
    const res = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('ninguem@exemplo.com', numero));
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe(MAIL_MSG.sendFailed);
    const email = res.json().email as SentEmail;
    expect(email.status).toBe('Falha');
    expect(email.erro).toContain('Mailbox unavailable: caixa inexistente');

    const list = await request(t.app, admin, 'GET', '/api/sendmail/emails');
    expect(list.json()[0]).toMatchObject({ id: email.id, status: 'Falha' });

    // An 'Enviado' row cannot be re-sent; a 'Falha' one can, with the very same attachment.
    const [okRow] = await t.db
      .insert(sentEmails)
      .values({ tipo: 'Fechamento', numero: '1', email: 'z@z.com', usuario: 'admin', subject: 's', status: 'Enviado' })
      .returning();
    const notFailed = await request(t.app, admin, 'POST', `/api/sendmail/emails/${okRow!.id}/reenviar`);
    expect(notFailed.statusCode).toBe(409);

    const stillRefused = await request(t.app, admin, 'POST', `/api/sendmail/emails/${email.id}/reenviar`);
    expect(stillRefused.statusCode).toBe(502);

    // The server accepts again: the re-send carries the very attachment recorded.
    smtp.options.refuse = undefined;
    const resent = await request(t.app, admin, 'POST', `/api/sendmail/emails/${email.id}/reenviar`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().email).toMatchObject({ id: email.id, status: 'Enviado', erro: null });
    expect(Buffer.compare(smtp.received.at(-1)!.mail.attachments[0]!.content, pdf)).toBe(0);
  });
});

describe('outbox default, history filters and roles', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.loginAdmin();
  });
  afterAll(() => t.close());

  it('writes a parseable .eml in DATA_DIR/outbox and records it as sent', async () => {
    const { numero, pdf } = await makeOrder(t);
    const res = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('eml@exemplo.com', numero));
    expect(res.statusCode).toBe(200);
    const files = fs.readdirSync(path.join(t.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(t.dataDir, 'outbox', files[0]!)));
    expect(mail.subject).toBe(`Documento: Ordem de Serviço - Número: ${numero}`);
    expect((mail.to as { text: string }).text).toBe('eml@exemplo.com');
    expect(mail.text).toContain(MAIL_MSG.footer);
    expect(mail.html).toContain(MAIL_MSG.banner);
    expect(Buffer.compare(mail.attachments[0]!.content, pdf)).toBe(0);
    expect(res.json().email.status).toBe('Enviado');
  });

  it('makes a missing order PDF through the documents hook when it is wired in', async () => {
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
    );
    expect(calls).toHaveLength(1);
    expect(Buffer.compare(attachment.content, made)).toBe(0);
    expect(attachment.filename).toBe(`OS-${String(numero).padStart(5, '0')}.pdf`);
  });

  it('filters by client and user (case-insensitive substring) and by inclusive dates on the company clock', async () => {
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
});

describe('a silent SMTP server', () => {
  it("answers 'Falha' well within 30 s instead of hanging", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket)); // accepts, never greets
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const { port } = silent.address() as AddressInfo;
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const admin = await t.loginAdmin();
      const { numero } = await makeOrder(t);
      const started = Date.now();
      const res = await request(t.app, admin, 'POST', '/api/sendMail/os', osBody('a@b.com', numero));
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(res.statusCode).toBe(502);
      expect(res.json().email.status).toBe('Falha');
      expect(res.json().email.erro).toMatch(/greeting|timeout|Tempo/i);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
      await t.close();
    }
  });
});
