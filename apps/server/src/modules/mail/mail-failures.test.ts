import net, { type AddressInfo } from 'node:net';
import { MAIL_MSG, type SentEmail } from '@os/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrder, osBody } from '../../../test/factories/mail';
import { createTestApp, type TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { startSmtp } from '../../../test/smtp';
import { sentEmails } from '../../db/schema';

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
