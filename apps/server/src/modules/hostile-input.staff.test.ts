import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../test/factories/clients';
import { createEquipmentRow } from '../../test/factories/equipment';
import { createTestApp, type TestContext } from '../../test/helper';
import { type HostileTarget, itSweepsEveryRoute, operationOf, unreadableLists } from '../../test/hostile-sweep';
import { seedDemoData } from '../db/demo-data';

/**
 * Hostile input on every staff route of app.accessRoutes (so routes added later are covered without
 * editing this file; the portal's are in hostile-input.portal.test.ts): as admin, generated bodies,
 * query strings, path parameters and multipart forms must never answer 5xx, every 4xx is the JSON
 * shape {error}, and afterwards every list still answers 200 (nothing stored breaks a later read).
 *
 * A second, exhaustive pass sends every kind of hostile input (NUL, unpaired surrogates,
 * lone combining marks, RTL override, 1 MB strings, ids beyond 2^31, numbers beyond 2^53, exponent
 * notation, arrays and objects where one value is expected) to every route, in its JSON body, its
 * query string and (for upload routes) its multipart fields, each kind at least once per place and
 * route, the field rotating among the route's own fields (docs/rules.md#edge-input).
 */

let target: HostileTarget;
let t: TestContext;

/** Plausible fields of every staff upload form (descriptions, expenses, e-mail, documents). */
const MULTIPART_BASE: Record<string, string> = {
  data: '2024-01-31',
  descricao: 'Troca do rolamento do motor principal',
  osnumber: '3',
  osnumero: '3',
  docnr: '123',
  valor: '10,50',
  tipodespesa: 'Combustível',
  to: 'cliente@exemplo.com.br',
  subject: 'Teste',
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
  target = {
    t,
    cookie: await t.loginAdmin(),
    routes: t.app.accessRoutes.filter((r) => !r.url.startsWith('/api/portal/')),
    // Ids 2 to 4 exist in the demo data; 3 is the exhaustive pass's.
    ids: ['3', '2', '4'],
    multipartBase: MULTIPART_BASE,
    fileFields: ['imagem', 'image', 'file', 'arquivo'],
    // The admin's own account: a generated PUT could demote it or change its password.
    protectedUrl: (url) => /^\/api\/users\/(1|2)$/.test(url),
  };
});
afterAll(() => t.close());

describe('hostile input on every staff route (generated from app.accessRoutes)', () => {
  it("reads the routes' own schemas: a route with a JSON body is found", () => {
    expect(operationOf(t, 'POST', '/api/clientes')?.requestBody?.content?.['application/json']?.schema?.properties).toBeTruthy();
  });

  itSweepsEveryRoute(() => target, 'staff');

  it('leaves every list readable afterwards', async () => {
    // Lists whose query parameters are required get a valid one (docs/rules.md#agenda: both days).
    const labelled = await createEquipmentRow(t.db, (await createClient(t.db)).id);
    const requiredQuery: Record<string, string> = {
      '/api/agenda': '?inicio=2026-01-01&fim=2026-01-31',
      '/api/equipamentos/etiquetas': `?ids=${labelled.id}`,
    };
    expect(await unreadableLists(target, requiredQuery)).toEqual([]);
    // The records of an order written above are still readable.
    for (const prefix of ['/api/descricao/', '/api/servicos/', '/api/viagemida/', '/api/os/']) {
      const res = await t.app.inject({ method: 'GET', url: `${prefix}2`, headers: { cookie: target.cookie } });
      expect(res.statusCode, prefix).toBeLessThan(500);
    }
  });
});
