import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipmentRow } from '../../../test/factories/equipment';
import { concludedOrderForPortal, createSignedInContact } from '../../../test/factories/portal';
import type { TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { type Smtp, startAppWithSmtp } from '../../../test/smtp';
import { orders } from '../../db/schema';
import { createLocalStorage } from '../../platform/storage';

let t: TestContext;
let smtp: Smtp;
let close: () => Promise<void>;
let contactEmail: string;
let cookie: string;
let otherCookie: string;
let staffCookie: string;
let machine: number;
let idle: number;
let orderId: number;

beforeAll(async () => {
  ({ t, smtp, close } = await startAppWithSmtp({ APP_URL: 'https://os.exemplo.com.br' }));
  const storage = createLocalStorage(t.dataDir);
  const first = await concludedOrderForPortal(t, storage, 'tec_equip_portal');
  orderId = first.order.id;
  machine = (await createEquipmentRow(t.db, first.clientId, { tipo: 'Inversor', obs: 'NOTA INTERNA: cliente paga atrasado' })).id;
  idle = (await createEquipmentRow(t.db, first.clientId, { tipo: 'Gerador', ativo: false })).id;
  await t.db.update(orders).set({ equipmentId: machine }).where(eq(orders.id, orderId));
  ({ cookie, email: contactEmail } = first.contact);
  const other = await createSignedInContact(t.db);
  await createEquipmentRow(t.db, other.clientId, { tipo: 'Nobreak' });
  otherCookie = other.cookie;
  staffCookie = await t.loginAdmin();
});
afterAll(() => close());

const get = (url: string, c = cookie) => request(t.app, c, 'GET', url);

describe("the client's equipment in the portal (docs/rules.md#portal)", () => {
  it('lists only its own machines, active first, without internal notes', async () => {
    const res = await get('/api/portal/equipamentos');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((e: { id: number }) => e.id)).toEqual([machine, idle]);
    expect(list[0]).toMatchObject({ tipo: 'Inversor', fabricante: 'WEG', ativo: true });
    expect(res.body).not.toContain('NOTA INTERNA');
    expect(res.body).not.toContain('obs');
    const other = (await get('/api/portal/equipamentos', otherCookie)).json();
    expect(other).toHaveLength(1);
    expect(other[0].tipo).toBe('Nobreak');
  });

  it("shows a machine's history with descriptions and photos through portal routes, never expenses, values or hours", async () => {
    const res = await get(`/api/portal/equipamentos/${machine}/historico`);
    expect(res.statusCode).toBe(200);
    const { equipamento, ordens } = res.json();
    expect(equipamento.id).toBe(machine);
    expect(ordens).toHaveLength(1);
    expect(ordens[0]).toMatchObject({ id: orderId, status: 'Concluído', tecnico: 'Carlos Pereira' });
    const [desc] = ordens[0].descricoes;
    expect(desc.descricao).toBe('Troca do rolamento');
    expect(desc.foto).toBe(`/api/portal/os/${orderId}/fotos/${desc.id}`);
    const photo = await get(desc.foto);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const text = res.body.toLowerCase();
    for (const hidden of ['despesa', 'valor', 'hospedagem', 'percentual', 'duracao', 'km', 'imagem', 'nota interna']) {
      expect(text, hidden).not.toContain(hidden);
    }
    expect((await get(`/api/portal/equipamentos/${idle}/historico`)).json().ordens).toEqual([]);
  });

  it("answers 404 for another client's machine and for one that does not exist", async () => {
    expect((await get(`/api/portal/equipamentos/${machine}/historico`, otherCookie)).statusCode).toBe(404);
    expect((await get('/api/portal/equipamentos/999999/historico')).statusCode).toBe(404);
  });

  it('answers 401 to a staff session and to no session, 400 naming a bad id', async () => {
    for (const url of ['/api/portal/equipamentos', `/api/portal/equipamentos/${machine}/historico`]) {
      expect((await get(url, staffCookie)).statusCode, url).toBe(401);
      expect((await get(url, '')).statusCode, url).toBe(401);
    }
    const bad = await get('/api/portal/equipamentos/abc/historico');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Código: /);
  });
});

describe("the QR label's way in: 'Sou cliente' and the e-mailed link to that equipment (docs/rules.md#portal)", () => {
  const askLink = (payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/portal/entrar', payload, remoteAddress });

  it('carries a portal path through the e-mailed link', async () => {
    const destino = `/portal/equipamentos/${machine}`;
    const res = await askLink({ email: contactEmail, destino }, '10.77.0.1');
    expect(res.statusCode).toBe(202);
    let text = '';
    for (let i = 0; i < 200 && !text; i++) {
      text = smtp.received.find((m) => m.rcpt.includes(contactEmail))?.mail.text ?? '';
      if (!text) await new Promise((r) => setTimeout(r, 25));
    }
    const link = text.match(/https:\/\/os\.exemplo\.com\.br\/portal\/entrar\?\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get('destino')).toBe(destino);
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses any destination outside the portal with a Portuguese 400 naming it: never an open redirect', async () => {
    let n = 0;
    for (const destino of [
      'https://golpe.example.com',
      '//golpe.example.com',
      '/login',
      '/portal/../login',
      '/portal/x?y=1',
      '/portalx',
      'javascript:alert(1)',
      '/portal\\golpe',
    ]) {
      const res = await askLink({ email: contactEmail, destino }, `10.77.1.${++n}`);
      expect(res.statusCode, destino).toBe(400);
      expect(res.json().error, destino).toMatch(/^Destino: /);
    }
  });
});
