import type { Access, Role } from '@os/shared';
import { roleMayAccess } from '@os/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, VERIFIED_BY_PROVIDER } from '../../test/access-matrix';
import { createPortalContact } from '../../test/factories/portal';
import { createTestApp, type TestContext } from '../../test/helper';
import { createPortalSession, createSession } from '../platform/session';

let t: TestContext;
const cookies: Partial<Record<Role | 'portal', string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'user', 'tec'] as const) {
    const user = await t.createUser(role);
    cookies[role] = `os_session=${await createSession(t.db, user.id, 60)}`;
  }
  const contact = await createPortalContact(t.db);
  cookies.portal = `os_portal=${await createPortalSession(t.db, contact.id)}`;
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every parameter becomes an id that does not exist. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999').replace(/\*$/, 'x.jpg');

describe('authorization matrix (docs/rules.md#permissions)', () => {
  it('lists every API route, with the access it declares', () => {
    const declared = Object.fromEntries(t.app.accessRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    const missing = Object.keys(declared).filter((k) => !(k in ACCESS_MATRIX));
    expect(missing, 'routes without an entry in test/access-matrix.ts').toEqual([]);
    const gone = Object.keys(ACCESS_MATRIX).filter((k) => !(k in declared));
    expect(gone, 'entries in test/access-matrix.ts whose route no longer exists').toEqual([]);
    for (const [key, access] of Object.entries(declared)) expect([key, access]).toEqual([key, ACCESS_MATRIX[key]]);
  });

  it('answers every route as the matrix says for no session, tec, user, admin and a portal contact', async () => {
    const failures: string[] = [];
    for (const { method, url, access } of t.app.accessRoutes) {
      // Would end the session the next routes use.
      if (url === '/api/auth/logout' || url === '/api/portal/sair') continue;
      const callers: [string, string | undefined, boolean][] = [
        ['no session', undefined, access === 'public'],
        ...(['tec', 'user', 'admin'] as const).map((role): [string, string | undefined, boolean] => [
          role,
          cookies[role],
          roleMayAccess(role, access as Access),
        ]),
        ['portal', cookies.portal, access === 'public' || access === 'portal'],
      ];
      for (const [who, cookie, allowed] of callers) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: concrete(url),
          headers: cookie ? { cookie } : {},
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const refused = res.statusCode === 401 || res.statusCode === 403;
        if (VERIFIED_BY_PROVIDER.has(`${method} ${url}`)) {
          // No signature: 401 whoever calls, a session opens nothing (docs/rules.md#whatsapp).
          if (res.statusCode !== 401) failures.push(`${method} ${url} as ${who}: ${res.statusCode}, expected 401 (unverified)`);
          continue;
        }
        // A session of the other kind (portal on a staff route, staff on a portal route) is no session: 401.
        const unknown = who === 'no session' || who === 'portal' || access === 'portal';
        const expected = allowed ? 'not 401/403' : unknown ? '401' : '403';
        const ok = allowed ? !refused : res.statusCode === (unknown ? 401 : 403);
        if (!ok) failures.push(`${method} ${url} as ${who}: ${res.statusCode}, expected ${expected}`);
        if (res.statusCode >= 500) failures.push(`${method} ${url} as ${who}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
