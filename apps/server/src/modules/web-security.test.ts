import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/helper';
import { isOcrRoute, OCR_LIMIT } from '../platform/rate-limit';

/** Security headers, cookie flags, session end and rate limits (docs/rules.md#hardening, web security). */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );

describe('security headers', () => {
  it('sends a CSP without inline scripts, frame-ancestors, Referrer-Policy and nosniff on API answers and errors', async () => {
    for (const url of ['/api/health', '/api/nao-existe', '/api/os']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['script-src'], url).toBeDefined();
      expect(csp['script-src'], url).not.toContain("'unsafe-inline'");
      expect(csp['script-src'], url).not.toContain("'unsafe-eval'");
      expect(csp['frame-ancestors'], url).toEqual(["'self'"]);
      // Only the product's own PDFs may be shown in the page's viewer (docs/rules.md#daily-use).
      expect(csp['object-src'], url).toEqual(["'self'"]);
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('sends HSTS only when the request came over HTTPS (behind a proxy)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });
});

describe('session cookie and session end', () => {
  it('is HttpOnly, SameSite=Lax, and over HTTPS Secure and named __Host- (path /, no Domain); a new id at each login', async () => {
    const user = await t.createUser('tec');
    const login = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { username: user.username, password: TEST_PASSWORD },
      });
    const plain = await login();
    expect(plain.statusCode).toBe(200);
    const c1 = plain.cookies.find((c) => c.name === 'os_session')!;
    expect(c1.httpOnly).toBe(true);
    expect(String(c1.sameSite).toLowerCase()).toBe('lax');
    expect(c1.secure).toBeFalsy();
    const secure = await login({ 'x-forwarded-proto': 'https', cookie: `os_session=${c1.value}` });
    expect(secure.cookies.map((c) => c.name)).toEqual(['__Host-os_session']);
    const c2 = secure.cookies[0]!;
    expect(c2.secure).toBe(true);
    expect(c2.httpOnly).toBe(true);
    expect(c2.path).toBe('/');
    expect(c2.domain).toBeUndefined();
    expect(c2.value).not.toBe(c1.value);
    const me = (cookie: string, proto: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, 'x-forwarded-proto': proto } });
    expect((await me(`__Host-os_session=${c2.value}`, 'https')).statusCode).toBe(200);
    // Over HTTPS a bare-named cookie (one a sibling host could have planted) is no session.
    const plainAgain = (await login()).cookies.find((c) => c.name === 'os_session')!;
    expect((await me(`os_session=${plainAgain.value}`, 'http')).statusCode).toBe(200);
    expect((await me(`os_session=${plainAgain.value}`, 'https')).statusCode).toBe(401);
    // Signing out over HTTPS clears the __Host- cookie with the attributes the browser requires.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `__Host-os_session=${c2.value}`, 'x-forwarded-proto': 'https' },
    });
    const cleared = out.cookies.find((c) => c.name === '__Host-os_session')!;
    expect(cleared).toMatchObject({ value: '', path: '/', secure: true });
  });

  it('ends the session on logout', async () => {
    const user = await t.createUser('tec');
    const cookie = await t.login(user.username);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it("ends a user's sessions when an admin changes their password", async () => {
    const user = await t.createUser('tec');
    const cookie = await t.login(user.username);
    const admin = await t.loginAdmin();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin },
      payload: {
        nome_completo: 'Técnico Teste',
        username: user.username,
        email: `${user.username}@exemplo.com`,
        role: 'tec',
        password: 'nova-senha-456',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    await expect(t.login(user.username, 'nova-senha-456')).resolves.toMatch(/^os_session=/);
  });
});

describe('rate limits', () => {
  it(`answers 429 {error} after ${OCR_LIMIT.max} calls a minute on every OCR route, per user`, async () => {
    const ocrRoutes = t.app.accessRoutes.filter((r) => isOcrRoute(r.url));
    expect(ocrRoutes.map((r) => r.url)).toContain('/api/extract-text');
    expect(ocrRoutes.length).toBeGreaterThan(1);
    for (const route of ocrRoutes) {
      // A fresh admin per route: the limit counts per user across the OCR routes.
      const admin = await t.createUser('admin');
      const cookie = await t.login(admin.username);
      const call = () => t.app.inject({ method: route.method as 'POST', url: route.url, headers: { cookie }, payload: {} });
      for (let i = 0; i < OCR_LIMIT.max; i++) expect((await call()).statusCode, route.url).not.toBe(429);
      const limited = await call();
      expect(limited.statusCode, route.url).toBe(429);
      expect(typeof limited.json().error).toBe('string');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not limited by this one.
      const other = await t.login((await t.createUser('admin')).username);
      const res = await t.app.inject({ method: route.method as 'POST', url: route.url, headers: { cookie: other }, payload: {} });
      expect(res.statusCode).not.toBe(429);
    }
  });

  it('locks the login after repeated failures', async () => {
    const user = await t.createUser('tec');
    let last = 0;
    for (let i = 0; i < 15 && last !== 429; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: user.username, password: 'errada-123' },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
