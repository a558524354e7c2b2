import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { createOrder, multipart, sampleJpeg, samplePng } from '../lancamentos/field-test-factory';

let ctx: TestContext;
let tec: { id: number; cookie: string };
let otherTec: { id: number; cookie: string };
let user: { id: number; cookie: string };
let admin: string;
let photo: string;
let signature: string;

beforeAll(async () => {
  ctx = await createTestApp();
  tec = await ctx.signedIn('tec');
  otherTec = await ctx.signedIn('tec');
  user = await ctx.signedIn('user');
  admin = await ctx.loginAdmin();
  const order = await createOrder(ctx.db, { technicianId: tec.id });
  const body = multipart(
    { data: '2026-11-21', descricao: 'Com foto', osnumber: String(order.id) },
    { field: 'imagem', name: 'a.jpg', type: 'image/jpeg', data: await sampleJpeg(640, 480) },
  );
  photo = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/descricao/',
      headers: { ...body.headers, cookie: tec.cookie },
      payload: body.payload,
    })
  ).json().imagem;
  signature = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/assinatura/salvar',
      headers: { cookie: tec.cookie },
      payload: { ordemServicoId: order.id, assinatura: `data:image/png;base64,${(await samplePng()).toString('base64')}` },
    })
  ).json().imagem;
});
afterAll(() => ctx.close());

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
