import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG, UPLOAD_DOC_MSG } from '@os/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../test/factories/orders';
import { admin, ctx as t, useFileApp } from '../../test/file-app';
import { multipart, postMultipart } from '../../test/multipart';
import { send } from '../../test/requests';
import { UPLOAD_ROUTES, uploadFields } from '../../test/upload-routes';
import { BODY_LIMITS } from './multipart';

useFileApp();

let orderId: number;

beforeAll(async () => {
  orderId = (await createOrder(t.db, { technicianId: null })).id;
});

const fields = () => uploadFields(orderId);

describe('the multipart reader', () => {
  it("refuses a 0-byte file with 400 'Arquivo vazio.' on every upload route, storing nothing", async () => {
    for (const { url, field } of UPLOAD_ROUTES.filter((r) => !r.portal)) {
      const body = multipart(fields(), { field, name: 'vazio.jpg', type: 'image/jpeg', data: Buffer.alloc(0) });
      const res = await postMultipart(t.app, url, admin, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'Arquivo vazio.', field });
    }
    const listed = await send(admin, 'GET', `/api/descricao/${orderId}`);
    expect(listed.json()).toEqual([]);
  });

  it('refuses a second file on a route that takes one file only, before reading it', async () => {
    const body = multipart(fields(), { field: 'foto', name: 'a.jpg', type: 'image/jpeg', data: Buffer.from('x') });
    const res = await postMultipart(t.app, '/api/uploadDocs', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: UPLOAD_DOC_MSG.invalidImage, field: 'image' });
  });

  it("refuses an empty signature with 400 'Arquivo vazio.'", async () => {
    const res = await send(admin, 'POST', '/api/assinatura/salvar', {
      ordemServicoId: orderId,
      assinatura: 'data:image/png;base64,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.emptyFile, field: 'assinatura' });
  });

  it('refuses a text field over 1 MB with 400 naming the field', async () => {
    const body = multipart({ ...fields(), descricao: 'a'.repeat(BODY_LIMITS.field + 1) });
    const res = await postMultipart(t.app, '/api/descricao/', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `Descrição: ${MSG.fieldTooLong}`, field: 'descricao' });
  });

  it('refuses 37 text fields of 1 MB with 400 as soon as the text passes 2 MB, before the rest is sent', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const boundary = '----limits4f1e';
    const megabyte = 'x'.repeat(BODY_LIMITS.field);
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/descricao/',
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    request.write(part('data', '2026-11-21') + part('osnumber', String(orderId)));
    // Three of the 37 fields: past the 2 MB of text a form may carry. The other 34 are never sent.
    let sent = 0;
    for (; sent < 3; sent++) request.write(part(`campo${sent}`, megabyte));
    const result = await Promise.race([answered, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
    request.destroy();
    expect(result, 'the server waited for the rest of the body').not.toBeNull();
    expect(result!.status).toBe(400);
    expect(JSON.parse(result!.body)).toEqual({ error: `campo1: ${MSG.formTooLong}`, field: 'campo1' });
    const listed = await send(admin, 'GET', `/api/descricao/${orderId}`);
    expect(listed.json()).toEqual([]);
  });

  it('still takes a form within the limits: a description of 10,000 characters with a photo', async () => {
    const sharp = (await import('sharp')).default;
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer();
    const body = multipart(
      { ...fields(), descricao: 'ç'.repeat(10_000) },
      { field: 'imagem', name: 'foto.jpg', type: 'image/jpeg', data: photo },
    );
    const res = await postMultipart(t.app, '/api/descricao/', admin, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().imagem).toMatch(/\.jpg$/);
  });
});
