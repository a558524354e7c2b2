import { Writable } from 'node:stream';
import { MAIL_MSG, PASSWORD_WEAK } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { openPglite } from '../../../test/pglite';
import { startSmtp } from '../../../test/smtp';
import { users } from '../../db/schema';
import { seedDatabase } from '../../db/seed';
import { ACCOUNT_CHANGED_SUBJECT } from './account-notice';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
/** Every line the app logged, as written (JSON). */
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://os.empresa.com.br' }, { logger: { level: 'trace', stream } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let host = 0;
const nextAddress = () => `10.20.${Math.floor(++host / 250)}.${(host % 250) + 1}`;

/** The newest message to `to` with that subject, waiting for it (mail goes out after the answer). */
async function mailTo(to: string, subject: string, after = 0) {
  for (let i = 0; i < 100; i++) {
    const found = smtp.received.slice(after).find((m) => m.rcpt.includes(to) && m.mail.subject === subject);
    if (found) return found.mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no '${subject}' to ${to}`);
}

const adminUser = (cookie: string, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: { cookie }, payload });

describe('recovery: the link never reaches a log line, a weak password is refused, the owner is told', () => {
  it('walks the recovery flow and reads the log after it', async () => {
    const user = await t.createUser('tec', 'helena', 'Helena Duarte');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/recuperar-senha',
      remoteAddress: nextAddress(),
      payload: { nomeCompleto: 'Helena Duarte', email: 'helena@example.com' },
    });
    expect(asked.statusCode).toBe(200);
    const link = (await mailTo('helena@example.com', MAIL_MSG.recoverySubject)).text!.match(
      /https:\/\/os\.empresa\.com\.br\/esqueci\?token=[\w-]+/,
    )![0];
    const token = new URL(link).searchParams.get('token')!;

    // The person opens the link (the page is requested with the token in its address).
    await t.app.inject({ method: 'GET', url: `/esqueci?token=${token}`, remoteAddress: nextAddress() });

    const update = (login: string, pass: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/atualizarlogin',
        remoteAddress: nextAddress(),
        payload: { login, pass, token },
      });
    // Weak passwords: refused on the field, the link still good, nothing changed.
    for (const weak of ['12345678', 'password', 'senha123', 'helena.nova', 'helenaduarte', 'HelenaDuarte']) {
      const res = await update(weak === 'helena.nova' ? weak : 'helena.nova', weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().field, weak).toBe('pass');
      expect(res.json().error, weak).toContain(PASSWORD_WEAK);
    }
    const [unchanged] = await t.db.select({ username: users.username }).from(users).where(eq(users.id, user.id));
    expect(unchanged?.username).toBe('helena');

    const before = smtp.received.length;
    const done = await update('helena.nova', 'Girassol-azul-77');
    expect(done.statusCode, done.body).toBe(200);
    await expect(t.login('helena.nova', 'Girassol-azul-77')).resolves.toMatch(/os_session=/);

    // The owner is told, with the time and what to do when it was not them.
    const notice = await mailTo('helena@example.com', ACCOUNT_CHANGED_SUBJECT, before);
    expect(notice.text).toMatch(/A senha e o login da sua conta foram alterados em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    expect(notice.text).toContain('Seu login agora é: helena.nova.');
    expect(notice.text).toContain('Se não foi você');
    expect(notice.text).toContain('https://os.empresa.com.br/esqueci');

    // Every request was logged, and not one line holds the token.
    expect(logLines.some((l) => l.includes('/esqueci?token=[redacted]'))).toBe(true);
    expect(logLines.some((l) => l.includes('/api/atualizarlogin'))).toBe(true);
    expect(logLines.filter((l) => l.includes(token))).toEqual([]);
    expect(logLines.filter((l) => l.includes(token.slice(0, 20)))).toEqual([]);
  });
});

describe('weak passwords are refused wherever a password is set', () => {
  it('on creating and editing a user: 400 naming the field, nothing stored', async () => {
    const admin = await t.loginAdmin();
    const base = { nome_completo: 'Bruno Tavares', username: 'bruno.tavares', email: 'bruno@example.com', role: 'tec' };
    for (const password of ['12345678', 'password', 'senha123', 'bruno.tavares', 'brunotavares', 'tavares1']) {
      const res = await request(t.app, admin, 'POST', '/api/users', { ...base, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().field, password).toBe('password');
      expect(res.json().error, password).toContain(PASSWORD_WEAK);
    }
    expect(await t.db.select().from(users).where(eq(users.username, 'bruno.tavares'))).toEqual([]);
    const created = await request(t.app, admin, 'POST', '/api/users', { ...base, password: 'Caju-maduro-2026' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const edit = await adminUser(admin, id, { ...base, password: 'qwertyui' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ field: 'password', error: expect.stringContaining(PASSWORD_WEAK) });
    await expect(t.login('bruno.tavares', 'Caju-maduro-2026')).resolves.toMatch(/os_session=/);
  });

  it('for the first admin: a weak ADMIN_PASSWORD stops the first start, saying why', async () => {
    const database = await openPglite();
    try {
      for (const weak of ['12345678', 'admin12345', 'administrador', 'password']) {
        await expect(seedDatabase(database.db, { adminPassword: weak })).rejects.toThrow(`ADMIN_PASSWORD: ${PASSWORD_WEAK}`);
      }
      expect(await database.db.select().from(users)).toEqual([]);
      await expect(seedDatabase(database.db, { adminPassword: 'Mandacaru-em-flor-9' })).resolves.toMatchObject({
        createdAdmin: true,
      });
    } finally {
      await database.close();
    }
    // A fresh embedded database and five password hashes: slow on a loaded machine.
  }, 120_000);
});

describe("an admin changing someone's password or login", () => {
  it("e-mails the account 'Sua senha foi alterada'", async () => {
    const admin = await t.loginAdmin();
    const user = await t.createUser('user', 'clara', 'Clara Nunes');
    const payload = { nome_completo: 'Clara Nunes', username: 'clara', email: 'clara@example.com', role: 'user' };
    let before = smtp.received.length;
    expect((await adminUser(admin, user.id, { ...payload, password: 'Cajueiro-verde-31' })).statusCode).toBe(200);
    const notice = await mailTo('clara@example.com', ACCOUNT_CHANGED_SUBJECT, before);
    expect(notice.text).toMatch(/A senha da sua conta foi alterada em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);

    before = smtp.received.length;
    expect((await adminUser(admin, user.id, { ...payload, username: 'clara.nunes' })).statusCode).toBe(200);
    const loginNotice = await mailTo('clara@example.com', ACCOUNT_CHANGED_SUBJECT, before);
    expect(loginNotice.text).toContain('O login da sua conta foi alterado');
    expect(loginNotice.text).toContain('Seu login agora é: clara.nunes.');

    // Editing other fields tells nobody anything.
    before = smtp.received.length;
    expect(
      (await adminUser(admin, user.id, { ...payload, username: 'clara.nunes', nome_completo: 'Clara M. Nunes' })).statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.slice(before).filter((m) => m.mail.subject === ACCOUNT_CHANGED_SUBJECT)).toEqual([]);
  });
});
