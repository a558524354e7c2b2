import fs from 'node:fs';
import path from 'node:path';
import { MAIL_MSG, MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { hashToken } from '../../platform/session';
import { RECOVERY_RATE } from './recovery.routes';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://os.empresa.com.br' });
});
afterAll(() => t.close());

const outboxDir = () => path.join(t.dataDir, 'outbox');

/** The link of the newest recovery e-mail in the outbox (waits for the message, sent after the answer). */
async function latestLink(to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const files = fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()).filter((f) => f.endsWith('.eml')) : [];
    const mails = await Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(outboxDir(), f)))));
    const mine = mails.filter((m) => (m.to as { text: string } | undefined)?.text === to).sort((a, b) => +b.date! - +a.date!);
    const link = mine[0]?.text?.match(/https:\/\/os\.empresa\.com\.br\/esqueci\?token=[\w-]+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no recovery e-mail to ${to}`);
}

const countMails = () => (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()).filter((f) => f.endsWith('.eml')).length : 0);

// Each call from its own address unless told: the rate limit has its own test.
let host = 0;
const nextAddress = () => `10.0.${Math.floor(++host / 250)}.${(host % 250) + 1}`;

async function request(nomeCompleto: string, email: string, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/recuperar-senha', payload: { nomeCompleto, email }, remoteAddress });
}

async function update(token: string, login: string, pass: string, nomeCompleto?: string, remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/atualizarlogin',
    payload: { login, pass, token, nomeCompleto },
    remoteAddress,
  });
}

describe('account recovery', () => {
  it('on a match of full name and e-mail, e-mails a one-time APP_URL link and says to check the mailbox', async () => {
    const user = await t.createUser('tec', 'rita', 'Rita de Cássia');
    const res = await request('  rita de cassia ', 'RITA@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ encontrado: true, message: MAIL_MSG.checkMailbox });
    const link = await latestLink('rita@example.com');
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits
    const [stored] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(hashToken(token)); // only the hash is kept
    expect(stored!.tokenHash).not.toContain(token);
    const minutes = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
  });

  it("answers the old product's no-match message, sends nothing, for a wrong name, a wrong e-mail or an unknown user", async () => {
    await t.createUser('user', 'bruno', 'Bruno Alves');
    const before = countMails();
    for (const [nome, email] of [
      ['Bruno Alvez', 'bruno@example.com'],
      ['Bruno Alves', 'bruno@exemplo.com'],
      ['Ninguém', 'ninguem@example.com'],
    ]) {
      const res = await request(nome!, email!);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ encontrado: false, message: MAIL_MSG.notAUser });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(countMails()).toBe(before);
    const bad = await t.app.inject({ method: 'POST', url: '/api/recuperar-senha', payload: { nomeCompleto: 'x', email: 'não' } });
    expect(bad.statusCode).toBe(400);
  });

  it('sets login and argon2id password once, ends every old session, and the new credentials work', async () => {
    const user = await t.createUser('tec', 'sofia', 'Sofia Ramos');
    const oldCookie = await t.login('sofia');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: oldCookie } })).statusCode).toBe(200);

    await request('Sofia Ramos', 'sofia@example.com');
    const token = new URL(await latestLink('sofia@example.com')).searchParams.get('token')!;
    const res = await update(token, 'sofia.ramos', 'nova-senha-segura', 'Sofia Ramos');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MAIL_MSG.loginUpdated });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.username).toBe('sofia.ramos');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: oldCookie } })).statusCode).toBe(401);
    await expect(t.login('sofia.ramos', 'nova-senha-segura')).resolves.toMatch(/^os_session=/);

    const again = await update(token, 'sofia2', 'outra-senha-123');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(MAIL_MSG.invalidLink);
  });

  it('refuses an expired link, a guessed one, a wrong name, a short password and a taken login', async () => {
    const user = await t.createUser('user', 'tiago', 'Tiago Nunes');
    await t.createUser('user', 'ocupado', 'Outro Usuário');
    await request('Tiago Nunes', 'tiago@example.com');
    const token = new URL(await latestLink('tiago@example.com')).searchParams.get('token')!;

    expect((await update(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'tiago', 'senha-nova-123')).statusCode).toBe(
      400,
    );
    expect((await update('a'.repeat(43), 'tiago', 'senha-nova-123')).statusCode).toBe(400);
    expect((await update(token, 'tiago', 'senha-nova-123', 'Outra Pessoa')).statusCode).toBe(400);
    const short = await update(token, 'tiago', 'curta');
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('pass');
    const taken = await update(token, 'OCUPADO', 'senha-nova-123');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(MAIL_MSG.loginTaken);

    // None of these used the link up; once it expires it is worthless.
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await update(token, 'tiago', 'senha-nova-123');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(MAIL_MSG.invalidLink);
  });

  it('sends at most 3 links per user in 30 minutes, answering the same', async () => {
    await t.createUser('tec', 'ursula', 'Úrsula Melo');
    for (let i = 0; i < 4; i++) {
      const res = await request('Úrsula Melo', 'ursula@example.com');
      expect(res.json().encontrado).toBe(true);
    }
    const [u] = await t.db.select().from(users).where(eq(users.username, 'ursula'));
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u!.id))).toHaveLength(3);
  });

  it('rate-limits each step per address with 429', async () => {
    let last = 0;
    for (let i = 0; i <= RECOVERY_RATE.max; i++) {
      last = (await request('Limite', `limite${i}@example.com`, '10.9.9.9')).statusCode;
    }
    expect(last).toBe(429);
    expect((await request('Limite', 'limite@example.com', '10.9.9.9')).json().error).toBe(MSG.tooManyAttempts);
    expect((await request('Limite', 'limite@example.com', '10.9.9.8')).statusCode).toBe(200); // another address is not affected
    let lastPut = 0;
    for (let i = 0; i <= RECOVERY_RATE.max; i++) {
      lastPut = (await update(`token-${i}`, 'x', 'senha-qualquer-1', undefined, '10.9.9.9')).statusCode;
    }
    expect(lastPut).toBe(429);
  });
});
