import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderFixture } from '../../../test/factories/orders';
import { concludedOrderForPortal, createSignedInContact } from '../../../test/factories/portal';
import { createTestApp, type TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { createLocalStorage } from '../../platform/storage';

let t: TestContext;
let storage: ReturnType<typeof createLocalStorage>;
let cookie: string;
let otherCookie: string;
let concluded: number;
let open: number;

beforeAll(async () => {
  t = await createTestApp();
  storage = createLocalStorage(t.dataDir);
  const first = await concludedOrderForPortal(t, storage, 'tec_portal');
  concluded = first.order.id;
  open = (await createOrderFixture(t.db, storage, { status: 'Andamento', clientId: first.clientId, signature: false })).order.id;
  cookie = first.contact.cookie;
  otherCookie = (await createSignedInContact(t.db)).cookie;
});
afterAll(() => t.close());

const get = (url: string, c = cookie) => request(t.app, c, 'GET', url);

describe("the client's orders in the portal (docs/rules.md#portal)", () => {
  it('lists only its own orders, paged, newest first, with status, technician and window', async () => {
    const res = await get('/api/portal/os?limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const [row] = res.json();
    expect(row).toMatchObject({ id: open, status: 'Andamento', pdf: false });
    const page2 = (await get('/api/portal/os?limit=1&offset=1')).json();
    expect(page2[0]).toMatchObject({ id: concluded, status: 'Concluído', tecnico: 'Carlos Pereira', pdf: true });
    const other = await get('/api/portal/os', otherCookie);
    expect(other.json()).toEqual([]);
    expect(other.headers['x-total-count']).toBe('0');
  });

  it('shows an order with descriptions, photos and the signature, and never expenses, values or hours', async () => {
    const res = await get(`/api/portal/os/${concluded}`);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order.descricoes[0]).toMatchObject({
      descricao: 'Troca do rolamento',
      foto: `/api/portal/os/${concluded}/fotos/${order.descricoes[0].id}`,
    });
    expect(order.assinatura).toEqual({ nome: 'Maria Conceição', em: '2026-11-03T23:10:00.000Z' });
    const text = res.body.toLowerCase();
    for (const hidden of ['despesa', 'valor', 'hospedagem', 'percentual', 'duracao', 'entrada', 'km', 'pdf_file', 'imagem']) {
      expect(text, hidden).not.toContain(hidden);
    }
    const photo = await get(order.descricoes[0].foto);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });

  it("answers 404 for another client's order, its photo and its PDF", async () => {
    const mine = (await get(`/api/portal/os/${concluded}`)).json();
    for (const url of [
      `/api/portal/os/${concluded}`,
      mine.descricoes[0].foto,
      `/api/portal/os/${concluded}/pdf`,
      '/api/portal/os/999999',
    ]) {
      const res = await get(url, otherCookie);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('gives the order PDF once the order is Concluído, and 404 before', async () => {
    const pdf = await get(`/api/portal/os/${concluded}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/portal/os/${open}/pdf`)).statusCode).toBe(404);
  });

  it('refuses a page size out of range with a message naming it', async () => {
    const res = await get('/api/portal/os?limit=500');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Itens por página: /);
  });
});
