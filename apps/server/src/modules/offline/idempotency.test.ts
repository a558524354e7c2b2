/**

 * Exactly once (docs/rules.md#offline-sync, docs/rules.md#api-conventions): every record POST of the engineer screens answers a
 * repeated Idempotency-Key with the first result, also when both copies arrive at the same time;
 * a different key makes another record.
 */
import { eq } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleJpeg, samplePng } from '../../../test/factories/images';
import { createOrder } from '../../../test/factories/orders';
import { ctx, tec, useFileApp } from '../../../test/file-app';
import { multipart } from '../../../test/multipart';
import { send } from '../../../test/requests';
import { descriptions, expenses, expenseTypes, outboundTrips, returnTrips, serviceEntries, signatures } from '../../db/schema';

useFileApp();

let photo: Buffer;
let pngUrl: string;

beforeAll(async () => {
  photo = await sampleJpeg(800, 600);
  pngUrl = `data:image/png;base64,${(await samplePng()).toString('base64')}`;
  await ctx.db.insert(expenseTypes).values({ despesa: 'Alimentação' });
});

type Send = (orderId: number, key: string) => Promise<LightMyRequestResponse>;

const json =
  (url: string, body: (orderId: number) => object): Send =>
  (orderId, key) =>
    send(tec.cookie, 'POST', url, body(orderId), { 'idempotency-key': key });

const form =
  (url: string, fields: (orderId: number) => Record<string, string>): Send =>
  (orderId, key) => {
    const body = multipart(fields(orderId), { field: 'imagem', name: 'foto.jpg', type: 'image/jpeg', data: photo });
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, cookie: tec.cookie, 'idempotency-key': key },
      payload: body.payload,
    });
  };

const kinds: { name: string; send: Send; count: (orderId: number) => Promise<number>; single?: boolean }[] = [
  {
    name: 'outbound trip',
    send: json('/api/viagemida/', (numeroos) => ({
      dataida: '2026-11-21',
      saidaida: '06:30',
      chegadaida: '09:00',
      duracaoida: '02:30',
      kmida: 120,
      obsida: '',
      numeroos,
    })),
    count: async (id) => (await ctx.db.select().from(outboundTrips).where(eq(outboundTrips.orderId, id))).length,
    // One outbound trip per order: once it moved the order to Andamento a second one is refused (409), never replayed.
    single: true,
  },
  {
    name: 'service day',
    send: json('/api/servicos/', (numeroos) => ({
      dataservico: '2026-11-21',
      feriado: 'nao',
      entradaservico: '09:00',
      saidaservico: '18:00',
      intervalo: 1,
      duracaoservico: 8,
      numeroos,
    })),
    count: async (id) => (await ctx.db.select().from(serviceEntries).where(eq(serviceEntries.orderId, id))).length,
  },
  {
    name: 'return trip',
    send: json('/api/viagemvolta/', (numeroos) => ({
      datavolta: '2026-11-21',
      saidavolta: '18:30',
      chegadavolta: '21:00',
      duracaovolta: '02:30',
      tempoEspera: '00:00',
      kmvolta: 118,
      obsvolta: '',
      numeroos,
    })),
    count: async (id) => (await ctx.db.select().from(returnTrips).where(eq(returnTrips.orderId, id))).length,
  },
  {
    name: 'description with photo',
    send: form('/api/descricao/', (id) => ({ data: '2026-11-21', descricao: 'Troca do relé', osnumber: String(id) })),
    count: async (id) => (await ctx.db.select().from(descriptions).where(eq(descriptions.orderId, id))).length,
  },
  {
    name: 'expense with receipt photo',
    send: form('/api/despesa/', (id) => ({
      data: '2026-11-21',
      docnr: '1',
      valor: '45,90',
      tipodespesa: 'Alimentação',
      descricao: 'Almoço da equipe em Campinas',
      observacao: '',
      osnumero: String(id),
    })),
    count: async (id) => (await ctx.db.select().from(expenses).where(eq(expenses.orderId, id))).length,
  },
];

describe.each(kinds)('$name', ({ send, count, single }) => {
  it('answers the same id for the same key sent twice, one after the other', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const first = await send(order.id, `key-seq-${order.id}-a`);
    const again = await send(order.id, `key-seq-${order.id}-a`);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await count(order.id)).toBe(1);
  });

  it('answers the same id for the same key sent twice concurrently, and stores one record', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const [a, b] = await Promise.all([send(order.id, `key-par-${order.id}-a`), send(order.id, `key-par-${order.id}-a`)]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    expect(await count(order.id)).toBe(1);
  });

  it('creates another record for a different key', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const a = await send(order.id, `key-dif-${order.id}-a`);
    const b = await send(order.id, `key-dif-${order.id}-b`);
    expect(a.statusCode).toBe(201);
    if (single) {
      expect(b.statusCode).toBe(409);
      expect(await count(order.id)).toBe(1);
      return;
    }
    expect(b.statusCode).toBe(201);
    expect(b.json().id).not.toBe(a.json().id);
    expect(await count(order.id)).toBe(2);
  });
});

describe('signature (one per order: a new key re-signs it)', () => {
  const sign = (orderId: number, key: string) =>
    send(
      tec.cookie,
      'POST',
      '/api/assinatura/salvar',
      { ordemServicoId: orderId, assinatura: pngUrl, nome: 'Maria' },
      { 'idempotency-key': key },
    );
  const rows = (id: number) => ctx.db.select().from(signatures).where(eq(signatures.orderId, id));

  it('answers the first result for the same key, sequential and concurrent', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    const first = await sign(order.id, `key-sig-${order.id}-a`);
    const [a, b] = await Promise.all([sign(order.id, `key-sig-${order.id}-a`), sign(order.id, `key-sig-${order.id}-a`)]);
    expect(first.statusCode).toBe(201);
    expect(a.json()).toEqual(first.json());
    expect(b.json()).toEqual(first.json());
    expect(await rows(order.id)).toHaveLength(1);

    const other = await createOrder(ctx.db, { technicianId: tec.id });
    const [c, d] = await Promise.all([sign(other.id, `key-sig-${other.id}-a`), sign(other.id, `key-sig-${other.id}-a`)]);
    expect(c.statusCode).toBe(201);
    expect(d.json()).toEqual(c.json());
    expect(await rows(other.id)).toHaveLength(1);
  });

  it('a different key signs again (the signature is replaced, never doubled)', async () => {
    const order = await createOrder(ctx.db, { technicianId: tec.id });
    await sign(order.id, `key-sig2-${order.id}-a`);
    const again = await sign(order.id, `key-sig2-${order.id}-b`);
    expect(again.statusCode).toBe(201);
    const stored = await rows(order.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.idempotencyKey).toBe(`key-sig2-${order.id}-b`);
  });
});
