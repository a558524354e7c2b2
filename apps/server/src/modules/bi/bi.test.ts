import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';

let configured: TestContext;
let empty: TestContext;
beforeAll(async () => {
  [configured, empty] = await Promise.all([
    createTestApp({ BI_EMBED_URL: 'https://app.powerbi.com/view?r=abc123' }),
    createTestApp({ BI_EMBED_URL: 'http://intranet/bi' }),
  ]);
});
afterAll(async () => {
  await configured.close();
  await empty.close();
});

describe('GET /api/bi/config (public, docs/screens.md#routes)', () => {
  it('answers BI_EMBED_URL to anyone, signed in or not', async () => {
    const anonymous = await configured.app.inject({ method: 'GET', url: '/api/bi/config' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ embedUrl: 'https://app.powerbi.com/view?r=abc123' });
    for (const role of ['tec', 'user'] as const) {
      const { cookie } = await configured.signedIn(role);
      expect((await configured.app.inject({ method: 'GET', url: '/api/bi/config', headers: { cookie } })).statusCode).toBe(200);
    }
    const admin = await configured.loginAdmin();
    expect((await configured.app.inject({ method: 'GET', url: '/api/bi/config', headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
  });

  it('answers an empty address when the setting is not an https address', async () => {
    const res = await empty.app.inject({ method: 'GET', url: '/api/bi/config' });
    expect(res.json()).toEqual({ embedUrl: '' });
  });
});
