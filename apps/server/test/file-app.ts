import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestContext } from './helper';

/**
 * The app a test file shares, signed in once per role: importing this module gives the file its own app on
 * its own database (vitest evaluates it again for every test file) and closes it after the file's tests.
 * The bindings are live: read them inside tests and hooks, not at the top of the file.
 */
type SignedIn = Awaited<ReturnType<TestContext['signedIn']>>;

export let ctx: TestContext;
/** The seeded admin's Cookie header. */
export let admin: string;
/** A standard user ('user'), a technician and a second technician (for "not theirs" cases). */
export let user: SignedIn;
export let tec: SignedIn;
export let otherTec: SignedIn;

/** Starts the file's app before its tests and closes it after: call it once at the top of the test file. */
export function useFileApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, user, tec, otherTec] = await Promise.all([
      ctx.loginAdmin(),
      ctx.signedIn('user'),
      ctx.signedIn('tec'),
      ctx.signedIn('tec'),
    ]);
  });
  afterAll(() => ctx?.close());
}

export type Who = 'none' | 'tec' | 'user' | 'admin';

/** The headers a request carries as that role; 'none' sends no session. */
export function headersAs(who: Who): { cookie?: string } {
  const cookie = { none: '', tec: tec.cookie, user: user.cookie, admin }[who];
  return cookie ? { cookie } : {};
}

/** Sends each request as that role and expects it refused: 401 without a session, 403 with one. */
export async function expectRefused(who: Who, requests: InjectOptions[]) {
  for (const request of requests) {
    const res = await ctx.app.inject({ ...request, headers: headersAs(who) });
    expect(res.statusCode, `${request.method} ${request.url} as ${who}`).toBe(who === 'none' ? 401 : 403);
  }
}
