import { MSG } from '@os/shared';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../test/factories/orders';
import { createSignedInContact } from '../../test/factories/portal';
import { admin, ctx as t, useFileApp } from '../../test/file-app';
import { multipart } from '../../test/multipart';
import { formRoutes, UPLOAD_ROUTES, uploadFields } from '../../test/upload-routes';

useFileApp();

/**
 * A body that is not a well-formed multipart form answers 400 'Envio incompleto ou mal formado.' on
 * every upload route (platform/multipart.ts), never a 500, and stores nothing.
 */

/** A well-formed form for the route (fields, then a 20 KB file in its field), and its boundary. */
function wellFormed(field: string, orderId: number) {
  const body = multipart(uploadFields(orderId), { field, name: 'foto.png', type: 'image/png', data: Buffer.alloc(20_000, 7) });
  const contentType = body.headers['content-type'];
  return { payload: body.payload, contentType, boundary: contentType.split('boundary=')[1]! };
}

/** The broken bodies: each a content-type and the bytes sent. */
function brokenBodies(field: string, orderId: number): [string, string, Buffer][] {
  const { payload, contentType, boundary } = wellFormed(field, orderId);
  return [
    ['no boundary in the content-type', 'multipart/form-data', payload],
    ['another boundary than the header says', 'multipart/form-data; boundary=----outra-fronteira', payload],
    ['the file part cut short', contentType, payload.subarray(0, payload.length - 10_000)],
    ['a part header cut short', contentType, Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`)],
    ['no closing boundary', contentType, payload.subarray(0, payload.lastIndexOf(`--${boundary}--`))],
  ];
}

describe('a malformed multipart body', () => {
  it('is covered here for every route that reads a form', () => {
    expect(formRoutes(t).sort()).toEqual(UPLOAD_ROUTES.map((r) => r.url).sort());
  });

  it.each(UPLOAD_ROUTES)(
    "answers 400 'Envio incompleto ou mal formado.' on POST $url, storing nothing",
    async ({ url, field, portal }) => {
      const orderId = (await createOrder(t.db, { technicianId: null })).id;
      const cookie = portal ? (await createSignedInContact(t.db)).cookie : admin;
      for (const [label, contentType, payload] of brokenBodies(field, orderId)) {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': contentType }, payload });
        expect(res.statusCode, `${url}: ${label}: ${res.body}`).toBe(400);
        expect(res.json(), `${url}: ${label}`).toEqual({ error: MSG.malformedBody });
      }
      const listed = await t.app.inject({ method: 'GET', url: `/api/descricao/${orderId}`, headers: { cookie: admin } });
      expect(listed.json()).toEqual([]);
      if (portal) {
        const requests = await t.app.inject({ method: 'GET', url: '/api/portal/solicitacoes', headers: { cookie } });
        expect(requests.headers['x-total-count']).toBe('0');
      }
    },
  );
});
