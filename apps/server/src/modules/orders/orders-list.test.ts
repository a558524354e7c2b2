import type { Order } from '@os/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories/clients';
import { admin, ctx as t, tec, useFileApp } from '../../../test/file-app';
import { createOrderAsAdmin as createOrder } from '../../../test/order-requests';
import { send } from '../../../test/requests';
import { orders } from '../../db/schema';

useFileApp();

/** GET /api/os and the report GET /api/os/filtrado (docs/api.md#orders). */
const get = (cookie: string, url: string) => send(cookie, 'GET', url);
/** The ids of a list answer, sorted. */
const sortedIds = (res: Awaited<ReturnType<typeof get>>) =>
  res
    .json<Order[]>()
    .map((o) => o.id)
    .sort();

let gama: { id: number; razao: string };
let listTec: { id: number; username: string; cookie: string };
const made: Order[] = [];

beforeAll(async () => {
  gama = await createClient(t.db, { razao: 'Gama Hospitalar Ltda', cidade: 'Curitiba' });
  // Orders of another client, which the searches and filters below leave out.
  const delta = await createClient(t.db, { razao: 'Delta Alimentos Ltda', cidade: 'Recife' });
  for (const data of ['2025-12-01', '2025-12-02']) await createOrder({ data, cliente: delta.id });
  listTec = await t.signedIn('tec');
  const plan: [string, string, string, number | null][] = [
    ['2026-01-01', 'Aberto', gama.razao, listTec.id],
    ['2026-01-15', 'Andamento', gama.razao, listTec.id],
    ['2026-01-31', 'Concluído', gama.razao, null],
    ['2026-02-01', 'Aberto', gama.razao, tec.id],
  ];
  for (const [data, status, cliente, engenheiro] of plan) made.push(await createOrder({ data, status, cliente, engenheiro }));
});

describe('lists', () => {
  it('GET /api/os answers everything without limit, newest number first, with X-Total-Count', async () => {
    const res = await get(admin, '/api/os');
    expect(res.statusCode).toBe(200);
    const rows = res.json<Order[]>();
    const [n] = await t.db.select({ id: orders.id }).from(orders);
    expect(n).toBeDefined();
    expect(rows.length).toBe((await t.db.select({ id: orders.id }).from(orders)).length);
    expect(Number(res.headers['x-total-count'])).toBe(rows.length);
    expect(rows[0]!.numero).toBeGreaterThan(rows[1]!.numero);
  });

  it('pages with limit and offset; the total (from order_status_counts) stays the whole count', async () => {
    const all = (await get(admin, '/api/os')).json<Order[]>();
    const page = await get(admin, '/api/os?limit=3&offset=2');
    expect(page.json<Order[]>().map((o) => o.id)).toEqual(all.slice(2, 5).map((o) => o.id));
    expect(Number(page.headers['x-total-count'])).toBe(all.length);

    const abertos = all.filter((o) => o.status === 'Aberto');
    const byStatus = await get(admin, '/api/os?status=Aberto&limit=2');
    expect(byStatus.json<Order[]>()).toHaveLength(2);
    expect(byStatus.json<Order[]>().every((o) => o.status === 'Aberto')).toBe(true);
    expect(Number(byStatus.headers['x-total-count'])).toBe(abertos.length);

    const concluido = await get(admin, '/api/os?status=Concluido&limit=1');
    expect(Number(concluido.headers['x-total-count'])).toBe(all.filter((o) => o.status === 'Concluído').length);
  });

  it('searches case-insensitively on the client or the number, combined with the status', async () => {
    const byClient = (await get(admin, '/api/os?q=GAMA%20hosp')).json<Order[]>();
    expect(byClient.map((o) => o.id).sort()).toEqual(made.map((o) => o.id).sort());
    const byClientAndStatus = await get(admin, '/api/os?q=gama&status=Aberto&limit=10');
    expect(sortedIds(byClientAndStatus)).toEqual([made[0]!.id, made[3]!.id].sort());
    expect(byClientAndStatus.headers['x-total-count']).toBe('2');
    const padded = String(made[2]!.numero).padStart(5, '0');
    const byNumber = (await get(admin, `/api/os?q=${padded}`)).json<Order[]>();
    expect(byNumber.map((o) => o.numero)).toContain(made[2]!.numero);
    expect(byNumber.every((o) => String(o.numero).includes(String(made[2]!.numero)))).toBe(true);
  });

  it('answers each listed order exactly as GET /api/os/{id} does, as JSON', async () => {
    // The list is built as JSON by the database; the single order by the usual row mapping.
    await t.db
      .update(orders)
      .set({ pdfFile: 'os/a.pdf', endDate: '2026-02-03', nrPeca: 'P-1 "aspas" \\ barra', nrSerie: 'S\nlinha' })
      .where(eq(orders.id, made[2]!.id));
    for (const url of ['/api/os?q=gama', '/api/os?q=gama&limit=10', `/api/os/filtrado?cliente=${gama.id}&limit=2&offset=1`]) {
      const res = await get(admin, url);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const listed = res.json<Order[]>();
      expect(listed.length).toBeGreaterThan(0);
      for (const order of listed) expect(order).toStrictEqual((await get(admin, `/api/os/${order.id}`)).json());
    }
    const withFiles = (await get(admin, '/api/os?q=gama')).json<Order[]>().find((o) => o.id === made[2]!.id);
    expect(withFiles).toMatchObject({ pdf: true, pdfcompleto: false, endDate: '2026-02-03', engenheiro: '', engenheiroId: null });
    expect(withFiles?.nr_serie).toBe('S\nlinha');
  });

  it('counts the whole list even on a page past its end', async () => {
    const all = (await get(admin, '/api/os')).json<Order[]>();
    const past = await get(admin, `/api/os?limit=5&offset=${all.length + 10}`);
    expect(past.json()).toEqual([]);
    expect(Number(past.headers['x-total-count'])).toBe(all.length);
    const pastFiltered = await get(admin, `/api/os/filtrado?cliente=${gama.id}&limit=5&offset=10`);
    expect(pastFiltered.json()).toEqual([]);
    expect(pastFiltered.headers['x-total-count']).toBe('4');
  });

  it('takes % and _ in the search literally', async () => {
    const res = await get(admin, '/api/os?q=%25&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json<Order[]>()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('refuses a bad status or limit', async () => {
    expect((await get(admin, '/api/os?status=Nada')).statusCode).toBe(400);
    expect((await get(admin, '/api/os?limit=0')).statusCode).toBe(400);
    expect((await get(admin, '/api/os/filtrado?dataInicio=31-01-2026')).statusCode).toBe(400);
  });

  it('shows a technician only their own orders', async () => {
    const res = await get(listTec.cookie, '/api/os?limit=50');
    expect(sortedIds(res)).toEqual([made[0]!.id, made[1]!.id].sort());
    expect(res.headers['x-total-count']).toBe('2');
    expect((await get(listTec.cookie, `/api/os/${made[0]!.id}`)).statusCode).toBe(200);
    expect((await get(listTec.cookie, `/api/os/${made[3]!.id}`)).statusCode).toBe(403);
  });
});

describe('the report', () => {
  it('filters the report by each filter alone and combined, with inclusive dates', async () => {
    const ids = async (query: string) =>
      (await get(admin, `/api/os/filtrado?${query}`))
        .json<Order[]>()
        .map((o) => o.id)
        .sort();
    const m = made.map((o) => o.id);
    expect(await ids(`cliente=${gama.id}`)).toEqual([...m].sort());
    expect(await ids('cliente=gama%20hospitalar')).toEqual([...m].sort());
    expect(await ids(`cliente=${gama.id}&status=Aberto`)).toEqual([m[0]!, m[3]!].sort());
    expect(await ids(`cliente=${gama.id}&engenheiro=${listTec.id}`)).toEqual([m[0]!, m[1]!].sort());
    expect(await ids(`engenheiro=${listTec.username}`)).toEqual([m[0]!, m[1]!].sort());
    expect(await ids(`cliente=${gama.id}&dataInicio=2026-01-15&dataFim=2026-01-31`)).toEqual([m[1]!, m[2]!].sort());
    expect(await ids(`cliente=${gama.id}&dataInicio=2026-01-31`)).toEqual([m[2]!, m[3]!].sort());
    expect(await ids(`cliente=${gama.id}&dataFim=2026-01-01`)).toEqual([m[0]!]);
    expect(
      await ids(`cliente=${gama.id}&engenheiro=${listTec.id}&status=Andamento&dataInicio=2026-01-01&dataFim=2026-12-31`),
    ).toEqual([m[1]!]);
    expect(await ids('engenheiro=ninguem')).toEqual([]);
    const paged = await get(admin, `/api/os/filtrado?cliente=${gama.id}&limit=1&offset=1`);
    expect(paged.json<Order[]>()).toHaveLength(1);
    expect(paged.headers['x-total-count']).toBe('4');
  });
});
