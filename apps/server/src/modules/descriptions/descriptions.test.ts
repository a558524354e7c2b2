import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sampleJpeg } from '../../../test/factories/images';
import { auditOf, createOrder } from '../../../test/factories/orders';
import { admin, ctx, otherTec, tec, useFileApp, user } from '../../../test/file-app';
import { createTestApp } from '../../../test/helper';
import { multipart, postMultipart } from '../../../test/multipart';
import { send } from '../../../test/requests';

useFileApp();

const postForm = (
  cookie: string | undefined,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
  extra: Record<string, string> = {},
) => {
  const body = multipart(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/descricao/',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}), ...extra },
    payload: body.payload,
  });
};

describe('role matrix', () => {
  it('answers 401 without a session', async () => {
    expect((await postForm(undefined, { data: '2026-11-21', descricao: 'x', osnumber: '1' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/descricao/1' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/descricao/atualizatabela/1', payload: {} })).statusCode).toBe(401);
  });

  it('tec on their order and admin write; another tec and a standard user get 403', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const fields = { data: '2026-11-21', descricao: 'Troca do óleo isolante', osnumber: String(order.id) };
    expect((await postForm(otherTec.cookie, fields)).statusCode).toBe(403);
    expect((await postForm(user.cookie, fields)).statusCode).toBe(403);
    expect((await postForm(tec.cookie, fields)).statusCode).toBe(201);
    expect((await postForm(admin, fields)).statusCode).toBe(201);
    for (const cookie of [tec.cookie, user.cookie, admin]) {
      const res = await send(cookie, 'GET', `/api/descricao/${order.id}`);
      expect(res.json()).toHaveLength(2);
    }
    expect((await send(otherTec.cookie, 'GET', `/api/descricao/${order.id}`)).statusCode).toBe(403);
  });
});

describe('POST /api/descricao/', () => {
  it('stores a description with a photo reduced to 1920 px under a name made by the server', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await postForm(
      tec.cookie,
      { data: '2026-11-21', descricao: 'Inspeção visual', osnumber: String(order.id), nomeFoto: '../../etc/passwd' },
      { field: 'imagem', name: '../../evil.jpg', type: 'image/jpeg', data: await sampleJpeg() },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ data: '2026-11-21', descricao: 'Inspeção visual', osnumber: order.id });
    expect(body.imagem).toMatch(/^imagem_\d{14}_[0-9a-f]{8}\.jpg$/);
    const stored = path.join(ctx.dataDir, 'uploads', body.imagem);
    const meta = await sharp(fs.readFileSync(stored)).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1920);
    const audit = await auditOf(ctx.db, order.id);
    expect(audit.some((a) => a.entity === 'descricao' && a.action === 'create')).toBe(true);
  });

  it('names a camera photo descricao{id}', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await postForm(
      tec.cookie,
      { data: '2026-11-21', descricao: 'Foto da placa', osnumber: String(order.id), nomeFoto: `descricao${order.id}.jpg` },
      { field: 'imagem', name: 'camera.jpg', type: 'image/jpeg', data: await sampleJpeg(800, 600) },
    );
    expect(res.json().imagem).toMatch(new RegExp(`^descricao${order.id}_\\d{14}_[0-9a-f]{8}\\.jpg$`));
  });

  it('requires a date and a description (the product message)', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    for (const fields of [{ descricao: 'x' }, { data: '2026-11-21', descricao: '  ' }] as Record<string, string>[]) {
      const res = await postForm(tec.cookie, { ...fields, osnumber: String(order.id) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Preencha uma data e uma descrição.');
    }
    expect((await send(tec.cookie, 'GET', `/api/descricao/${order.id}`)).json()).toEqual([]);
  });

  it('refuses a file that is not really an image (415) and one over 10 MB (413), storing nothing', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const fields = { data: '2026-11-21', descricao: 'Com foto', osnumber: String(order.id) };
    const fake = await postForm(tec.cookie, fields, {
      field: 'imagem',
      name: 'photo.jpg',
      type: 'image/jpeg',
      data: Buffer.from('<script>alert(1)</script>'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toBe('Envie uma imagem válida (JPG ou PNG).');
    const huge = await postForm(tec.cookie, fields, {
      field: 'imagem',
      name: 'big.jpg',
      type: 'image/jpeg',
      data: Buffer.alloc(10 * 1024 * 1024 + 10, 1),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('A imagem é muito grande. Tamanho máximo: 10MB.');
    expect((await send(tec.cookie, 'GET', `/api/descricao/${order.id}`)).json()).toEqual([]);
  });

  it('refuses a non-multipart body with 415 and a Fechado order with 409', async () => {
    const closed = await createOrder(ctx.db, { technicianId: tec.id, status: 'Fechado' });
    const json = await send(tec.cookie, 'POST', '/api/descricao/', { data: '2026-11-21', descricao: 'x', osnumber: closed.id });
    expect(json.statusCode).toBe(415);
    expect((await postForm(admin, { data: '2026-11-21', descricao: 'x', osnumber: String(closed.id) })).statusCode).toBe(409);
  });

  it('answers the first result for a repeated Idempotency-Key', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const fields = { data: '2026-11-21', descricao: 'Offline', osnumber: String(order.id) };
    const first = await postForm(tec.cookie, fields, undefined, { 'idempotency-key': 'desc-key-0001' });
    const again = await postForm(tec.cookie, fields, undefined, { 'idempotency-key': 'desc-key-0001' });
    expect(again.json().id).toBe(first.json().id);
    expect((await send(tec.cookie, 'GET', `/api/descricao/${order.id}`)).json()).toHaveLength(1);
  });
});

describe('KEEP_ORIGINAL_PHOTOS', () => {
  it('keeps the photo as uploaded beside the reduced copy only when configured', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const file = { field: 'imagem', name: 'a.jpg', type: 'image/jpeg', data: await sampleJpeg(2400, 1600) };
    const res = await postForm(tec.cookie, { data: '2026-11-21', descricao: 'Sem original', osnumber: String(order.id) }, file);
    const original = path.join(ctx.dataDir, 'uploads', res.json().imagem.replace(/\.jpg$/, '_original.jpeg'));
    expect(fs.existsSync(original)).toBe(false);

    const keeping = await createTestApp({ KEEP_ORIGINAL_PHOTOS: '1' });
    try {
      const t = await keeping.signedIn('tec');
      const o = await createOrder(keeping.db, { technicianId: t.id });
      const body = multipart({ data: '2026-11-21', descricao: 'Com original', osnumber: String(o.id) }, file);
      const kept = await postMultipart(keeping.app, '/api/descricao/', t.cookie, body);
      const keptOriginal = path.join(keeping.dataDir, 'uploads', kept.json().imagem.replace(/\.jpg$/, '_original.jpeg'));
      expect((await sharp(fs.readFileSync(keptOriginal)).metadata()).width).toBe(2400);
    } finally {
      await keeping.close();
    }
  });
});

describe('PUT /api/descricao/atualizatabela/{id}', () => {
  it('updates date and text, audits, and validates', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const created = (await postForm(tec.cookie, { data: '2026-11-21', descricao: 'Antes', osnumber: String(order.id) })).json();
    const put = (cookie: string, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/descricao/atualizatabela/${created.id}`, headers: { cookie }, payload });
    const res = await put(tec.cookie, { data: '2026-11-22', descricao: 'Depois' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: '2026-11-22', descricao: 'Depois' });
    expect((await put(tec.cookie, { data: '2026-11-22', descricao: '' })).statusCode).toBe(400);
    expect((await put(otherTec.cookie, { data: '2026-11-22', descricao: 'Outro' })).statusCode).toBe(403);
    const audit = await auditOf(ctx.db, order.id);
    expect(audit.find((a) => a.action === 'update')?.changes).toMatchObject({ descricao: { antes: 'Antes', depois: 'Depois' } });
  });
});
