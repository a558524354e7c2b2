import type { Response } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { ctx as t, useFileApp } from '../../test/file-app';
import { RECOVERY_RATE } from '../modules/auth/recovery.routes';
import { THROTTLE } from '../modules/auth/sign-in-throttle';
import { PORTAL_LINK_LIMITS } from '../modules/portal/portal-auth.service';
import { OCR_LIMIT } from './rate-limit';

useFileApp();

/**
 * Every 429 the server sends carries Retry-After, a whole number of seconds no longer than the
 * limit's window (docs/api.md#conventions): each rate-limited route driven past its limit. A route
 * whose 429 does not say how long gets the default of platform/rate-limit.ts (the portal's link requests).
 */

type Limited = {
  route: string;
  /** Requests the limit lets through before the 429. */
  allowed: number;
  windowSeconds: number;
  /** Sends one request from `address` (with a session when `cookie` is given). */
  send(address: string, cookie: string): Promise<Response>;
};

const post =
  (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  (address: string, cookie: string) =>
    t.app.inject({ method, url, payload, remoteAddress: address, headers: cookie ? { cookie } : {} });

const OCR_ROUTES = [
  '/api/mistral/analyze-gemini',
  '/api/mistral/extract-text',
  '/api/mistral/analyze-gemini-rotulos',
  '/api/extract-text',
];

const LIMITED: Limited[] = [
  {
    route: 'POST /api/auth/login',
    allowed: THROTTLE.perAccountAndAddress,
    windowSeconds: THROTTLE.windowMinutes * 60,
    send: post('/api/auth/login', { username: 'admin', password: 'senha-errada-123' }),
  },
  {
    route: 'POST /api/recuperar-senha',
    allowed: RECOVERY_RATE.max,
    windowSeconds: RECOVERY_RATE.windowMs / 1000,
    send: post('/api/recuperar-senha', { nomeCompleto: 'Ninguém Cadastrado', email: 'ninguem@example.com' }),
  },
  {
    route: 'PUT /api/atualizarlogin',
    allowed: RECOVERY_RATE.max,
    windowSeconds: RECOVERY_RATE.windowMs / 1000,
    send: post('/api/atualizarlogin', {}, 'PUT'),
  },
  {
    route: 'POST /api/portal/entrar',
    allowed: PORTAL_LINK_LIMITS.perAddress,
    windowSeconds: PORTAL_LINK_LIMITS.windowMs / 1000,
    send: post('/api/portal/entrar', { email: 'ninguem@cliente.com.br' }),
  },
  ...OCR_ROUTES.map((url) => ({
    route: `POST ${url} (no file: refused after counting)`,
    allowed: OCR_LIMIT.max,
    windowSeconds: OCR_LIMIT.windowMs / 1000,
    send: post(url, {}),
  })),
];

describe('Retry-After on every 429', () => {
  it.each(LIMITED.map((l, i) => [l.route, l, i] as const))('%s', async (_route, limited, i) => {
    // Its own address and user: no other case's count reaches it.
    const address = `10.42.0.${i + 1}`;
    const cookie =
      limited.route.includes('mistral') || limited.route.includes('extract-text') ? (await t.signedIn('admin')).cookie : '';
    for (let n = 0; n < limited.allowed; n++) {
      const res = await limited.send(address, cookie);
      expect(res.statusCode, `${limited.route} #${n + 1}: ${res.body}`).not.toBe(429);
    }
    const refused = await limited.send(address, cookie);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(typeof refused.json().error).toBe('string');
    const retryAfter = String(refused.headers['retry-after']);
    expect(retryAfter, limited.route).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(limited.windowSeconds);
  });
});
