import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleJpeg, samplePng } from '../../../test/factories/images';
import { auditOf, createOrder, orderStatus } from '../../../test/factories/orders';
import { admin, ctx, otherTec, tec, useFileApp, user } from '../../../test/file-app';

useFileApp();

let pngUrl: string;

beforeAll(async () => {
  pngUrl = `data:image/png;base64,${(await samplePng()).toString('base64')}`;
});

const sign = (cookie: string | undefined, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/assinatura/salvar',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload,
  });

describe('role matrix', () => {
  it('401 without a session; 403 for another tec and a standard user; tec and admin sign', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    expect((await sign(undefined, { ordemServicoId: order.id, assinatura: pngUrl })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/assinatura/${order.id}` })).statusCode).toBe(401);
    expect((await sign(otherTec.cookie, { ordemServicoId: order.id, assinatura: pngUrl })).statusCode).toBe(403);
    expect((await sign(user.cookie, { ordemServicoId: order.id, assinatura: pngUrl })).statusCode).toBe(403);
    expect((await sign(tec.cookie, { ordemServicoId: order.id, assinatura: pngUrl })).statusCode).toBe(201);
    expect((await sign(admin, { ordemServicoId: order.id, assinatura: pngUrl, nome: 'Outro Nome' })).statusCode).toBe(201);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/assinatura/${order.id}`, headers: { cookie: otherTec.cookie } }))
        .statusCode,
    ).toBe(403);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/assinatura/${order.id}`, headers: { cookie: user.cookie } });
    expect(read.json().nome).toBe('Outro Nome');
  });
});

describe('POST /api/assinatura/salvar', () => {
  it('stores the PNG as a file with the responsavel as signer and the moment', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id, responsavel: 'José da Silva' });
    const res = await sign(tec.cookie, { ordemServicoId: order.id, assinatura: pngUrl });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, ordemServicoId: order.id, nome: 'José da Silva' });
    expect(res.json().imagem).toMatch(new RegExp(`^assinatura${order.id}_\\d{14}_[0-9a-f]{8}\\.png$`));
    expect(
      fs
        .readFileSync(path.join(ctx.dataDir, 'uploads', res.json().imagem))
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const read = (
      await ctx.app.inject({ method: 'GET', url: `/api/assinatura/${order.id}`, headers: { cookie: tec.cookie } })
    ).json();
    expect(read.imagem).toBe(res.json().imagem);
    expect(Date.now() - Date.parse(read.signed_at)).toBeLessThan(60_000);
    expect((await auditOf(ctx.db, order.id)).some((a) => a.entity === 'assinatura' && a.action === 'create')).toBe(true);
  });

  it("refuses a signature without the signer's name: 400 'Informe o nome de quem assina.', nothing saved", async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id, responsavel: 'José da Silva' });
    for (const nome of ['', '   ']) {
      const res = await sign(tec.cookie, { ordemServicoId: order.id, assinatura: pngUrl, nome });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Informe o nome de quem assina.', field: 'nome' });
    }
    // Left out on an order without responsavel: nobody to name either.
    const noOne = await createOrder(ctx.db, { technicianId: tec.id, responsavel: '' });
    const res = await sign(tec.cookie, { ordemServicoId: noOne.id, assinatura: pngUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Informe o nome de quem assina.');
    for (const id of [order.id, noOne.id]) {
      const read = await ctx.app.inject({ method: 'GET', url: `/api/assinatura/${id}`, headers: { cookie: tec.cookie } });
      expect(read.json()).toMatchObject({ imagem: null, nome: null });
    }
  });

  it('answers an unsigned order with imagem null', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const read = await ctx.app.inject({ method: 'GET', url: `/api/assinatura/${order.id}`, headers: { cookie: tec.cookie } });
    expect(read.json()).toEqual({ ordemServicoId: order.id, imagem: null, nome: null, signed_at: null });
  });

  it('refuses what is not a real PNG data URL (400) and an oversized one (413)', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const jpeg = (await sampleJpeg(100, 100)).toString('base64');
    for (const assinatura of [
      'data:image/png;base64,!!!notbase64',
      `data:image/png;base64,${jpeg}`,
      `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`,
      `data:image/jpeg;base64,${jpeg}`,
      `data:image/png;base64,${(await samplePng()).subarray(0, 60).toString('base64')}`,
    ]) {
      const res = await sign(tec.cookie, { ordemServicoId: order.id, assinatura });
      expect(res.statusCode, assinatura.slice(0, 40)).toBe(400);
      expect(res.json().error).toContain('A assinatura deve ser uma imagem PNG válida.');
    }
    const huge = await sign(tec.cookie, { ordemServicoId: order.id, assinatura: `data:image/png;base64,${'A'.repeat(800_000)}` });
    expect(huge.statusCode).toBe(413);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/assinatura/${order.id}`, headers: { cookie: tec.cookie } });
    expect(read.json().imagem).toBeNull();
  });

  it('moves an order with a return trip to Concluído; 409 once Fechado', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id, status: 'Andamento' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/viagemvolta/',
      headers: { cookie: tec.cookie },
      payload: { datavolta: '2026-11-21', saidavolta: '17:00', chegadavolta: '19:00', kmvolta: 10, numeroos: order.id },
    });
    expect((await orderStatus(ctx.db, order.id)).status).toBe('Andamento');
    expect((await sign(tec.cookie, { ordemServicoId: order.id, assinatura: pngUrl })).statusCode).toBe(201);
    expect(await orderStatus(ctx.db, order.id)).toEqual({ status: 'Concluído', endDate: '2026-11-21' });
    const closed = await createOrder(ctx.db, { technicianId: tec.id, status: 'Fechado' });
    expect((await sign(admin, { ordemServicoId: closed.id, assinatura: pngUrl })).statusCode).toBe(409);
  });

  it('answers the first result for a repeated Idempotency-Key', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const headers = { 'idempotency-key': 'sig-key-00001' };
    const first = await sign(tec.cookie, { ordemServicoId: order.id, assinatura: pngUrl }, headers);
    const again = await sign(tec.cookie, { ordemServicoId: order.id, assinatura: pngUrl }, headers);
    expect(again.json().imagem).toBe(first.json().imagem);
    const creates = (await auditOf(ctx.db, order.id)).filter((a) => a.entity === 'assinatura');
    expect(creates).toHaveLength(1);
  });
});
