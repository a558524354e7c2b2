import fs from 'node:fs';
import path from 'node:path';
import { EXPENSE_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleJpeg } from '../../../test/factories/images';
import { auditOf, createOrder } from '../../../test/factories/orders';
import { admin, ctx, otherTec, tec, useFileApp, user } from '../../../test/file-app';
import { multipart } from '../../../test/multipart';
import { expenses, expenseTypes } from '../../db/schema';

useFileApp();

let photo: Buffer;
let alimentacao: { id: number };
let combustivel: { id: number };

beforeAll(async () => {
  photo = await sampleJpeg(2400, 1600);
  alimentacao = (await ctx.db.insert(expenseTypes).values({ despesa: 'Alimentação' }).returning())[0]!;
  combustivel = (await ctx.db.insert(expenseTypes).values({ despesa: 'Combustível' }).returning())[0]!;
});

const fields = (osnumero: number, extra: Record<string, string> = {}) => ({
  data: '2026-11-21',
  docnr: '004521',
  valor: '1.234,56',
  tipodespesa: 'alimentação',
  descricao: 'Almoço da equipe em Campinas',
  observacao: 'Nota fiscal anexada',
  osnumero: String(osnumero),
  ...extra,
});

function postDespesa(
  cookie: string | undefined,
  values: Record<string, string>,
  file: { data: Buffer; type?: string } | null = { data: photo },
  headers: Record<string, string> = {},
) {
  const body = multipart(
    values,
    file ? { field: 'imagem', name: 'recibo.jpg', type: file.type ?? 'image/jpeg', data: file.data } : undefined,
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/despesa/',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}), ...headers },
    payload: body.payload,
  });
}

const put = (cookie: string | undefined, id: number, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/despesa/atualizatabela/${id}`,
    headers: cookie ? { cookie } : {},
    payload,
  });

const update = (extra: Record<string, unknown> = {}) => ({
  data: '2026-11-22',
  docnr: '778',
  valor: 87.45,
  observacao: '',
  descricao: 'Abastecimento na rodovia',
  tipodespesa: 'Combustível',
  ...extra,
});

describe('POST /api/despesa/', () => {
  it('stores the expense: centavos from a comma value, the type by name, a reduced photo; answers reais and the type name', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await postDespesa(tec.cookie, fields(order.id));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      data: '2026-11-21',
      docnr: '004521',
      valor: 1234.56,
      tipodespesa: 'Alimentação',
      tipodespesaId: alimentacao.id,
      descricao: 'Almoço da equipe em Campinas',
      observacao: 'Nota fiscal anexada',
      osnumero: order.id,
    });
    expect(body.imagem).toMatch(/^despesa_\d{14}_[0-9a-f]{8}\.jpg$/);
    const [row] = await ctx.db.select().from(expenses).where(eq(expenses.id, body.id));
    expect(row!.valorCentavos).toBe(123456);
    expect(row!.createdBy).toBe(tec.id);
    const stored = fs.readFileSync(path.join(ctx.dataDir, 'uploads', body.imagem));
    expect(stored.subarray(0, 2).toString('hex')).toBe('ffd8');
    const sharp = (await import('sharp')).default;
    expect((await sharp(stored).metadata()).width).toBe(1920);
    const audit = await auditOf(ctx.db, order.id);
    expect(audit.some((a) => a.entity === 'despesa' && a.action === 'create' && a.entityId === body.id)).toBe(true);
  });

  it('accepts the type by id', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await postDespesa(tec.cookie, fields(order.id, { tipodespesa: String(combustivel.id) }));
    expect(res.statusCode).toBe(201);
    expect(res.json().tipodespesa).toBe('Combustível');
  });

  it.each([
    ['data', { data: '' }, EXPENSE_MSG.required],
    ['docnr', { docnr: '  ' }, EXPENSE_MSG.required],
    ['valor', { valor: '' }, EXPENSE_MSG.required],
    ['tipodespesa', { tipodespesa: '' }, EXPENSE_MSG.typeRequired],
    ['descricao', { descricao: 'curta demais' }, EXPENSE_MSG.descricaoMin],
    ['valor', { valor: '12,3,4' }, EXPENSE_MSG.valorInvalid],
    ['tipodespesa', { tipodespesa: 'Viagem espacial' }, EXPENSE_MSG.typeUnknown],
    ['data', { data: '21/11/2026' }, 'Data: informe uma data válida, como 2025-01-31 (ano, mês e dia).'],
  ])('refuses a bad %s with its message and stores nothing', async (field, extra, message) => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await postDespesa(tec.cookie, fields(order.id, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field });
    expect(await ctx.db.select().from(expenses).where(eq(expenses.orderId, order.id))).toHaveLength(0);
  });

  it('requires the receipt photo (docs/rules.md#fixed-defects)', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await postDespesa(tec.cookie, fields(order.id), null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: EXPENSE_MSG.photoRequired, field: 'imagem' });
  });

  it('answers 415 for a file that is not an image, whatever its name says', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const res = await postDespesa(tec.cookie, fields(order.id), {
      data: Buffer.from('%PDF-1.4 not a photo'),
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(EXPENSE_MSG.photoNotImage);
    expect(await ctx.db.select().from(expenses).where(eq(expenses.orderId, order.id))).toHaveLength(0);
    expect(fs.readdirSync(path.join(ctx.dataDir, 'uploads')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('answers 413 above 10 MB', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const big = Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await postDespesa(tec.cookie, fields(order.id), { data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(EXPENSE_MSG.photoTooLarge);
  });

  it('answers a repeated Idempotency-Key with the first result and stores one row', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const headers = { 'idempotency-key': 'offline-despesa-0001' };
    const first = await postDespesa(tec.cookie, fields(order.id), undefined, headers);
    const again = await postDespesa(tec.cookie, fields(order.id, { valor: '99,99' }), undefined, headers);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ctx.db.select().from(expenses).where(eq(expenses.orderId, order.id))).toHaveLength(1);
    const other = await postDespesa(otherTec.cookie, fields(order.id), undefined, headers);
    expect(other.statusCode).toBe(409);
  });
});

describe('role matrix and order rules', () => {
  it('answers 401 without a session on every route', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    expect((await postDespesa(undefined, fields(order.id))).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/despesa/${order.id}` })).statusCode).toBe(401);
    expect((await put(undefined, 1, update())).statusCode).toBe(401);
  });

  it('lets a technician write only to their own orders; a standard user only to orders assigned to them; admin to any', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    expect((await postDespesa(otherTec.cookie, fields(order.id))).statusCode).toBe(403);
    expect((await postDespesa(user.cookie, fields(order.id))).statusCode).toBe(403);
    expect((await postDespesa(admin, fields(order.id))).statusCode).toBe(201);
    expect((await postDespesa(tec.cookie, fields(order.id))).statusCode).toBe(201);
  });

  it('lets admin and standard users read any order, a technician only theirs', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    await postDespesa(tec.cookie, fields(order.id));
    const get = (cookie: string) => ctx.app.inject({ method: 'GET', url: `/api/despesa/${order.id}`, headers: { cookie } });
    expect((await get(otherTec.cookie)).statusCode).toBe(403);
    for (const cookie of [tec.cookie, user.cookie, admin]) {
      const res = await get(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(1);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/despesa/999999', headers: { cookie: admin } })).statusCode).toBe(
      404,
    );
  });

  it('freezes a Fechado order: 409 on create and update', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const created = (await postDespesa(tec.cookie, fields(order.id))).json();
    const closed = await createOrder(ctx.db, { technicianId: tec.id, status: 'Fechado' });
    expect((await postDespesa(admin, fields(closed.id))).statusCode).toBe(409);
    const { orders } = await import('../../db/schema');
    await ctx.db.update(orders).set({ status: 'Fechado' }).where(eq(orders.id, order.id));
    const res = await put(admin, created.id, update());
    expect(res.statusCode).toBe(409);
  });
});

describe('GET /api/despesa/{osId} and PUT /api/despesa/atualizatabela/{id}', () => {
  it('lists by date and edits a row inline, with an audit entry of what changed', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const late = (await postDespesa(tec.cookie, fields(order.id, { data: '2026-11-23' }))).json();
    const early = (await postDespesa(tec.cookie, fields(order.id, { data: '2026-11-20' }))).json();
    const list = (
      await ctx.app.inject({ method: 'GET', url: `/api/despesa/${order.id}`, headers: { cookie: tec.cookie } })
    ).json();
    expect(list.map((d: { id: number }) => d.id)).toEqual([early.id, late.id]);

    const res = await put(tec.cookie, late.id, update());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: late.id,
      data: '2026-11-22',
      docnr: '778',
      valor: 87.45,
      tipodespesa: 'Combustível',
      imagem: late.imagem,
    });
    const audit = await auditOf(ctx.db, order.id);
    const entry = audit.find((a) => a.entity === 'despesa' && a.action === 'update');
    expect(entry?.changes).toMatchObject({
      valor: { antes: 1234.56, depois: 87.45 },
      tipodespesa: { antes: 'Alimentação', depois: 'Combustível' },
    });
  });

  it('accepts a comma value string and refuses bad rows without changing them', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const created = (await postDespesa(tec.cookie, fields(order.id))).json();
    expect((await put(tec.cookie, created.id, update({ valor: '10,50' }))).json().valor).toBe(10.5);
    const bad = await put(tec.cookie, created.id, update({ descricao: 'curta', valor: 1 }));
    expect(bad.statusCode).toBe(400);
    expect((await put(tec.cookie, created.id, update({ tipodespesa: 'Nada' }))).json()).toEqual({
      error: EXPENSE_MSG.typeUnknown,
      field: 'tipodespesa',
    });
    const [row] = await ctx.db.select().from(expenses).where(eq(expenses.id, created.id));
    expect(row!.valorCentavos).toBe(1050);
  });

  it('refuses another technician (403), a standard user (403) and answers 404 for an unknown row', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const created = (await postDespesa(tec.cookie, fields(order.id))).json();
    expect((await put(otherTec.cookie, created.id, update())).statusCode).toBe(403);
    expect((await put(user.cookie, created.id, update())).statusCode).toBe(403);
    expect((await put(admin, created.id, update())).statusCode).toBe(200);
    expect((await put(admin, 999999, update())).statusCode).toBe(404);
  });
});
