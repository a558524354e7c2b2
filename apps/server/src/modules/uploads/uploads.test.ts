import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleJpeg, samplePng } from '../../../test/factories/images';
import { createOrder } from '../../../test/factories/orders';
import { admin, ctx, otherTec, tec, useFileApp, user } from '../../../test/file-app';
import { createTestApp } from '../../../test/helper';
import { multipart, postMultipart } from '../../../test/multipart';
import { startS3 } from '../../../test/s3';
import { createS3Storage } from '../../platform/storage';

useFileApp();

let photo: string;
let signature: string;

beforeAll(async () => {
  const order = await createOrder(ctx.db, { technicianId: tec.id });
  const body = multipart(
    { data: '2026-11-21', descricao: 'Com foto', osnumber: String(order.id) },
    { field: 'imagem', name: 'a.jpg', type: 'image/jpeg', data: await sampleJpeg(640, 480) },
  );
  photo = (await postMultipart(ctx.app, '/api/descricao/', tec.cookie, body)).json().imagem;
  signature = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/assinatura/salvar',
      headers: { cookie: tec.cookie },
      payload: { ordemServicoId: order.id, assinatura: `data:image/png;base64,${(await samplePng()).toString('base64')}` },
    })
  ).json().imagem;
});

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /uploads/{file}', () => {
  it('serves the photo to the assigned tec, a standard user and an admin, typed from its bytes', async () => {
    for (const cookie of [tec.cookie, user.cookie, admin]) {
      const res = await get(`/uploads/${photo}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    }
    const png = await get(`/uploads/${signature}`, tec.cookie);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('lets no browser answer from its own copy: private, no-cache, and a 304 only after the check', async () => {
    const first = await get(`/uploads/${photo}`, tec.cookie);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = (cookie?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/uploads/${photo}`,
        headers: { 'if-none-match': etag, ...(cookie ? { cookie } : {}) },
      });
    expect((await again(tec.cookie)).statusCode).toBe(304);
    // The copy's validator opens nothing: signed out 401, another technician 403.
    expect((await again()).statusCode).toBe(401);
    expect((await again(otherTec.cookie)).statusCode).toBe(403);
  });

  it('answers 401 without a session and 403 to another technician', async () => {
    expect((await get(`/uploads/${photo}`)).statusCode).toBe(401);
    expect((await get(`/uploads/${photo}`, otherTec.cookie)).statusCode).toBe(403);
    expect((await get(`/uploads/${signature}`, otherTec.cookie)).statusCode).toBe(403);
  });

  it('never leaves the uploads folder and answers 404 for unknown files', async () => {
    for (const url of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/%2E%2E%2Finitial-admin-password.txt',
      '/uploads/..',
      '/uploads/.env',
      '/uploads/nao-existe.jpg',
      '/uploads/..%5C..%5Cwin.ini',
    ]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get('/uploads/../package.json', admin)).statusCode).not.toBe(200);
  });
});

describe('with S3_BUCKET set', () => {
  it('keeps the photo in the bucket, nothing on the local disk, and serves it from there', async () => {
    const s3 = await startS3('os-uploads');
    const bucketed = await createTestApp(s3.env);
    const bucket = createS3Storage(s3.settings);
    try {
      const t = await bucketed.signedIn('tec');
      const order = await createOrder(bucketed.db, { technicianId: t.id });
      const jpeg = await sampleJpeg(640, 480);
      const body = multipart(
        { data: '2026-11-21', descricao: 'Foto no bucket', osnumber: String(order.id) },
        { field: 'imagem', name: 'a.jpg', type: 'image/jpeg', data: jpeg },
      );
      const created = await postMultipart(bucketed.app, '/api/descricao/', t.cookie, body);
      expect(created.statusCode).toBe(201);
      const name = created.json().imagem as string;
      const res = await bucketed.app.inject({ method: 'GET', url: `/uploads/${name}`, headers: { cookie: t.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(await bucket.list('uploads')).toEqual([`uploads/${name}`]);
      expect(res.rawPayload.equals(await bucket.read(`uploads/${name}`))).toBe(true);
      expect(fs.existsSync(path.join(bucketed.dataDir, 'uploads'))).toBe(false);
    } finally {
      bucket.close?.();
      await bucketed.close();
      await s3.stop();
    }
  });
});
