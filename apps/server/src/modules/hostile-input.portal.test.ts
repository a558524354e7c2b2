import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../test/factories/clients';
import { createEquipmentRow } from '../../test/factories/equipment';
import { jpegPhoto } from '../../test/factories/images';
import { createOrderFixture } from '../../test/factories/orders';
import { createSignedInContact } from '../../test/factories/portal';
import { createTestApp, type TestContext } from '../../test/helper';
import { type HostileTarget, itSweepsEveryRoute, unreadableLists } from '../../test/hostile-sweep';
import { multipart, postMultipart } from '../../test/multipart';
import { createLocalStorage } from '../platform/storage';

/**
 * Hostile input on every route of the customer portal (/api/portal/*, from app.accessRoutes: routes
 * added later are covered), as a portal contact whose client has an order with photos, equipment
 * and a request for service: the same sweeps as the staff routes' (hostile-input.staff.test.ts),
 * with the portal's form (motivo, urgencia, contato, fone, equipamentoId and photos in `fotos`).
 * Never a 5xx, every 4xx {error} naming its field in Portuguese, nothing changed by a refusal,
 * and the client's lists still readable afterwards (docs/rules.md#portal, docs/rules.md#edge-input).
 */

let target: HostileTarget;
let t: TestContext;
let orderId: number;

beforeAll(async () => {
  t = await createTestApp();
  const clientId = (await createClient(t.db, { razao: 'Usina Boa Vista Ltda' })).id;
  const equipmentId = (await createEquipmentRow(t.db, clientId, { tipo: 'Inversor', fabricante: 'WEG' })).id;
  ({ id: orderId } = (await createOrderFixture(t.db, createLocalStorage(t.dataDir), { clientId, signature: true })).order);
  const contact = await createSignedInContact(t.db, { clientId });
  // A request for service with a photo, so its photo route has one to serve.
  const body = multipart(
    { motivo: 'Inversor desarmando', urgencia: 'Alta', equipamentoId: String(equipmentId) },
    { field: 'fotos', name: 'foto.jpg', type: 'image/jpeg', data: await jpegPhoto() },
  );
  const asked = await postMultipart(t.app, '/api/portal/solicitacoes', contact.cookie, body);
  expect(asked.statusCode, asked.body).toBe(201);
  target = {
    t,
    cookie: contact.cookie,
    routes: t.app.accessRoutes.filter((r) => r.url.startsWith('/api/portal/')),
    // The client's own order, equipment and request (the exhaustive pass uses the order).
    ids: [String(orderId), String(equipmentId), String(asked.json().id)],
    multipartBase: {
      motivo: 'Máquina parada desde ontem',
      urgencia: 'Média',
      contato: 'Marta Lima',
      fone: '(11) 98888-7777',
      equipamentoId: String(equipmentId),
    },
    fileFields: ['fotos'],
  };
});
afterAll(() => t.close());

describe('hostile input on every portal route (generated from app.accessRoutes)', () => {
  it('covers the portal routes, the request form among them', () => {
    expect(target.routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/portal/solicitacoes', 'GET /api/portal/os/:id', 'POST /api/portal/entrar']),
    );
  });

  itSweepsEveryRoute(() => target, 'portal');

  it("leaves the client's lists and order readable afterwards", async () => {
    expect(await unreadableLists(target)).toEqual([]);
    const order = await t.app.inject({ method: 'GET', url: `/api/portal/os/${orderId}`, headers: { cookie: target.cookie } });
    expect(order.statusCode, order.body).toBe(200);
  });
});
