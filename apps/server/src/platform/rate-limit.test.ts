import { MSG } from '@os/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { buildApp } from '../app';
import { RECOVERY_RATE } from '../modules/auth/recovery.routes';
import { THROTTLE } from '../modules/auth/sign-in-throttle';
import { OCR_LIMIT } from './rate-limit';

/** Two server processes over one database: the same app built twice on the same database. */
let one: TestContext;
let two: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  one = await createTestApp();
  two = await buildApp({ database: one.database, config: one.config });
  await two.ready();
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const apps = () => [one.app, two];
const statuses = (list: { statusCode: number }[]) => list.map((r) => r.statusCode);
const count = (list: number[], code: number) => list.filter((s) => s === code).length;

describe('limits shared by two processes over one database, requests fired at once through both', () => {
  it('OCR: one user gets 30 calls a minute in all, however they are spread', async () => {
    const tec = await one.signedIn('tec');
    const total = OCR_LIMIT.max + 10;
    const answers = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        apps()[i % 2]!.inject({ method: 'POST', url: '/api/mistral/analyze-gemini', headers: { cookie: tec.cookie } }),
      ),
    );
    const codes = statuses(answers);
    expect(count(codes, 429)).toBe(10);
    expect(codes.filter((c) => c !== 429).every((c) => c >= 400 && c < 500)).toBe(true); // no file sent: refused, not run
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().error).toBe(MSG.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('account recovery: 10 requests per address in 15 minutes in all', async () => {
    const answers = await Promise.all(
      Array.from({ length: RECOVERY_RATE.max + 4 }, (_, i) =>
        apps()[i % 2]!.inject({
          method: 'POST',
          url: '/api/recuperar-senha',
          payload: { nomeCompleto: 'Ninguém Cadastrado', email: `ninguem${i}@example.com` },
          remoteAddress: '10.7.7.7',
        }),
      ),
    );
    const codes = statuses(answers);
    expect(count(codes, 200)).toBe(RECOVERY_RATE.max);
    expect(count(codes, 429)).toBe(4);
  });

  it('sign-in: 5 wrong passwords per account and address in all, then the lockout holds on both', async () => {
    const user = await one.createUser('tec');
    const answers = await Promise.all(
      Array.from({ length: THROTTLE.perAccountAndAddress + 3 }, (_, i) =>
        apps()[i % 2]!.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: user.username, password: 'senha-errada-123' },
          remoteAddress: '10.7.7.8',
        }),
      ),
    );
    const codes = statuses(answers);
    expect(count(codes, 401)).toBe(THROTTLE.perAccountAndAddress);
    expect(count(codes, 429)).toBe(3);
  });
});
