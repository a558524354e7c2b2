import { MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_PASSWORD, type TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { loginAttempts } from '../../db/schema';
import { THROTTLE } from './sign-in-throttle';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('answers the session user and sets an httpOnly SameSite=Lax cookie', async () => {
    const user = await t.createUser('tec', 'joana', 'Joana Lima');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'joana', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      nome_completo: 'Joana Lima',
      username: 'joana',
      email: 'joana@example.com',
      role: 'tec',
    });
    const cookie = res.cookies.find((c) => c.name === 'os_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
  });

  it('accepts the username in any case', async () => {
    await t.createUser('user', 'Marcos');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'MARCOS', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    await t.createUser('tec', 'pedro');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'pedro', password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ninguem', password: 'x' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Login failed. Please check your credentials.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('answers 400 naming the field when the body is incomplete', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
    expect(res.json().error).toBe('Senha: preencha este campo.');
  });

  it('never answers a password or its hash', async () => {
    const cookie = await t.loginAdmin();
    const me = await request(t.app, cookie, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.body).not.toMatch(/password|argon2|hash/i);
    expect(Object.keys(me.json()).sort()).toEqual(['email', 'id', 'nome_completo', 'role', 'username']);
  });

  it('gives a new session token at every login', async () => {
    const first = await t.loginAdmin();
    const res = await request(t.app, first, 'POST', '/api/auth/login', {
      username: 'admin',
      password: (await import('../../../test/helper')).TEST_ADMIN_PASSWORD,
    });
    const second = res.cookies.find((c) => c.name === 'os_session')?.value;
    expect(second).toBeDefined();
    expect(`os_session=${second}`).not.toBe(first);
    // The token presented at login is ended, so a planted id is worthless afterwards.
    const old = await request(t.app, first, 'GET', '/api/auth/me');
    expect(old.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('answers 401 with a JSON error without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 401 for a forged token', async () => {
    const res = await request(t.app, 'os_session=forged-token-value', 'GET', '/api/auth/me');
    expect(res.statusCode).toBe(401);
  });

  it('logout ends the session on the server', async () => {
    const { cookie } = await t.signedIn('user');
    expect((await request(t.app, cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const out = await request(t.app, cookie, 'POST', '/api/auth/logout');
    expect(out.statusCode).toBe(200);
    expect((await request(t.app, cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it.each(['https://evil.example', 'null', 'http://localhost:3001'])(
    'refuses a state-changing request from the foreign origin %s',
    async (origin) => {
      const { cookie } = await t.signedIn('user');
      const res = await request(t.app, cookie, 'POST', '/api/auth/logout', undefined, { origin, host: 'localhost:3000' });
      expect(res.statusCode).toBe(403);
      expect((await request(t.app, cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);
    },
  );

  it('accepts a state-changing request from its own origin', async () => {
    const { cookie } = await t.signedIn('user');
    const res = await request(t.app, cookie, 'POST', '/api/auth/logout', undefined, {
      origin: 'http://localhost:3000',
      host: 'localhost:3000',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('answers 403 to a non-admin on an admin route and 200 to an admin', async () => {
    for (const role of ['user', 'tec'] as const) {
      const { cookie } = await t.signedIn(role);
      const res = await request(t.app, cookie, 'GET', '/api/docs/json');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Você não tem permissão para esta ação.' });
    }
    const res = await request(t.app, await t.loginAdmin(), 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/auth/login']).toBeDefined();
  });

  it('every API route declares who may call it', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/auth/login');
    // buildApp throws at registration when one does not; reaching here proves all did.
  });
});

describe('sign-in throttle', () => {
  const login = (username: string, password: string, remoteAddress = '127.0.0.1', forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { username, password },
    });
  const checksOf = async (username: string) =>
    (await t.db.select({ id: loginAttempts.id }).from(loginAttempts).where(eq(loginAttempts.username, username))).length;
  const statuses = (answers: { statusCode: number }[]) => {
    const counted: Record<number, number> = {};
    for (const a of answers) counted[a.statusCode] = (counted[a.statusCode] ?? 0) + 1;
    return counted;
  };

  it('after 5 failures that address waits for that account, while the right password from another address signs in', async () => {
    await t.createUser('tec', 'vitima');
    for (let i = 0; i < THROTTLE.perAccountAndAddress; i++) {
      expect((await login('vitima', 'errada', '10.1.1.1')).statusCode).toBe(401);
    }
    const locked = await login('vitima', TEST_PASSWORD, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(MSG.tooManyAttempts);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    // The owner, elsewhere, is not affected; nor is another account from the attacker's address.
    expect((await login('vitima', TEST_PASSWORD, '10.1.1.2')).statusCode).toBe(200);
    expect((await login('outra-conta', 'errada', '10.1.1.1')).statusCode).toBe(401);
  });

  it('gives tries fired at once no more checks than tries fired one after another', async () => {
    await t.createUser('tec', 'paralelo');
    await t.createUser('tec', 'serial');
    const wrong = Array.from({ length: 24 }, () => 'errada');
    const parallel = await Promise.all([...wrong, TEST_PASSWORD].map((p) => login('paralelo', p, '10.2.2.2')));
    const serial = [];
    for (const p of [...wrong, TEST_PASSWORD]) serial.push(await login('serial', p, '10.2.2.3'));
    expect(statuses(serial)).toEqual({ 401: THROTTLE.perAccountAndAddress, 429: 25 - THROTTLE.perAccountAndAddress });
    // At once: exactly as many password checks (each one leaves a row), the rest refused unchecked.
    expect(await checksOf('paralelo')).toBe(THROTTLE.perAccountAndAddress);
    expect(await checksOf('serial')).toBe(THROTTLE.perAccountAndAddress);
    const answered = statuses(parallel);
    expect((answered[401] ?? 0) + (answered[200] ?? 0)).toBe(THROTTLE.perAccountAndAddress);
    expect(answered[429]).toBe(25 - THROTTLE.perAccountAndAddress);
  });

  describe('across addresses', () => {
    const saved = { ...THROTTLE };
    beforeAll(() => Object.assign(THROTTLE, { perAccount: 6, spacingMs: 400, maxWaitMs: 1_200 }));
    afterAll(() => Object.assign(THROTTLE, saved));

    it('never locks the admin out: the owner signs in from their address while many addresses guess at once', async () => {
      // The admin signed in before from 10.3.0.1 (their office).
      expect((await login('admin', TEST_ADMIN_PASSWORD, '127.0.0.1', '10.3.0.1')).statusCode).toBe(200);
      // Attackers through the local proxy, each with its own address, exhaust every limit they can.
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login('admin', 'errada', '127.0.0.1', `10.3.1.${i % 10}`)),
      );
      expect(burst.some((a) => a.statusCode === 429)).toBe(true);
      // ... and keep firing while the admin signs in: the right password from their address answers at once.
      const started = Date.now();
      const [owner, ...more] = await Promise.all([
        login('admin', TEST_ADMIN_PASSWORD, '127.0.0.1', '10.3.0.1'),
        ...Array.from({ length: 10 }, (_, i) => login('admin', 'errada', '127.0.0.1', `10.3.2.${i}`)),
      ]);
      expect(owner.statusCode, owner.body).toBe(200);
      expect(Date.now() - started).toBeLessThan(THROTTLE.maxWaitMs * 5);
      // Over the account limit, unknown addresses are spaced, never answered at once all together.
      expect(more.some((a) => a.statusCode === 429)).toBe(true);
    });

    it('over the account limit a new address is delayed, not locked: the right password still signs in', async () => {
      await t.createUser('user', 'viajante');
      await Promise.all(Array.from({ length: 8 }, (_, i) => login('viajante', 'errada', '127.0.0.1', `10.4.1.${i}`)));
      const started = Date.now();
      const fromHotel = await login('viajante', TEST_PASSWORD, '127.0.0.1', '10.4.9.9');
      expect(fromHotel.statusCode, fromHotel.body).toBe(200);
      expect(Date.now() - started).toBeLessThan(THROTTLE.maxWaitMs + 2_000);
    });
  });

  it('counts failures from one address across usernames', async () => {
    const remoteAddress = '10.9.8.7';
    for (let i = 0; i < THROTTLE.perAddress; i++) await login(`u${i}`, 'x', remoteAddress);
    expect((await login('admin', 'x', remoteAddress)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login('admin', 'x', '10.9.8.6')).statusCode).toBe(401);
  });

  it('does not let a client choose its address with X-Forwarded-For (only a local proxy may)', async () => {
    const attempt = (remoteAddress: string, forwardedFor: string) => login(`f${forwardedFor}`, 'x', remoteAddress, forwardedFor);
    // A remote client inventing a new address for every try is still one address.
    for (let i = 0; i < THROTTLE.perAddress; i++) await attempt('10.9.7.1', `198.51.100.${i}`);
    expect((await attempt('10.9.7.1', '198.51.100.250')).statusCode).toBe(429);
    // A reverse proxy on this host speaks for its clients: one locked client does not lock the others.
    for (let i = 0; i < THROTTLE.perAddress; i++) await attempt('127.0.0.1', '203.0.113.9');
    expect((await attempt('127.0.0.1', '203.0.113.9')).statusCode).toBe(429);
    expect((await attempt('127.0.0.1', '203.0.113.10')).statusCode).toBe(401);
  });
});
