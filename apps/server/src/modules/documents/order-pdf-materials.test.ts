/**

 * docs/rules.md#materials-and-stock: the full order PDF lists the materials with their prices and total; the order
 * sheet and the client's copy (the portal's PDF and order) show what was used, never a price.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMaterialRow } from '../../../test/factories/materials';
import { createOrderFixture } from '../../../test/factories/orders';
import { createSignedInContact } from '../../../test/factories/portal';
import { admin, ctx, tec, useFileApp } from '../../../test/file-app';
import { pdfText } from '../../../test/pdf-reader';
import { send } from '../../../test/requests';
import { createLocalStorage } from '../../platform/storage';

useFileApp();

let order: { id: number; numero: number };
let contact: Awaited<ReturnType<typeof createSignedInContact>>;
const USED = ['Materiais', 'DISJ-32', 'Disjuntor bipolar 32 A', 'CABO-6', 'Cabo flexível 6 mm', '2,5'];
const PRICES = ['R$ 48,90', 'R$ 97,80', 'R$ 7,20', 'R$ 18,00', 'R$ 115,80', 'Preço'];

beforeAll(async () => {
  const fixture = await createOrderFixture(ctx.db, createLocalStorage(ctx.dataDir), {
    technicianId: tec.id,
    expenses: [],
    photos: false,
  });
  order = fixture.order;
  contact = await createSignedInContact(ctx.db, { clientId: fixture.clientId, nome: 'Marta Lima' });
  const breaker = await createMaterialRow(ctx.db, {
    codigo: 'DISJ-32',
    descricao: 'Disjuntor bipolar 32 A',
    precoVendaCentavos: 4890,
  });
  const cable = await createMaterialRow(ctx.db, {
    codigo: 'CABO-6',
    descricao: 'Cabo flexível 6 mm',
    unidade: 'm',
    precoVendaCentavos: 720,
  });
  for (const [materialId, quantidade] of [
    [breaker.id, 2],
    [cable.id, '2,5'],
  ] as const) {
    const res = await send(tec.cookie, 'POST', `/api/os/${order.id}/materiais`, { materialId, quantidade });
    expect(res.statusCode, res.body).toBe(201);
  }
});

describe('materials in the order PDFs', () => {
  it('the full PDF lists código, descrição, quantidade, unidade, preço and total', async () => {
    expect((await send(admin, 'POST', `/api/os/${order.id}/pdfcompleto`)).statusCode).toBe(200);
    const text = await pdfText((await send(admin, 'GET', `/api/os/${order.id}/pdfcompleto_os`)).rawPayload);
    for (const shown of [...USED, ...PRICES]) expect(text, shown).toContain(shown);
  });

  it('the order sheet lists what was used without prices', async () => {
    expect((await send(admin, 'POST', `/api/os/${order.id}/pdf`)).statusCode).toBe(200);
    const text = await pdfText((await send(admin, 'GET', `/api/os/${order.id}/pdfviewer`)).rawPayload);
    for (const shown of USED) expect(text, shown).toContain(shown);
    for (const hidden of PRICES) expect(text, hidden).not.toContain(hidden);
  });

  it("the client's copy and the portal's order show what was used, never a price", async () => {
    const pdf = await send(contact.cookie, 'GET', `/api/portal/os/${order.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const shown of USED) expect(text, shown).toContain(shown);
    expect(text).not.toContain('R$');
    const detail = await send(contact.cookie, 'GET', `/api/portal/os/${order.id}`);
    expect(detail.json().materiais).toEqual([
      { id: expect.any(Number), descricao: 'Disjuntor bipolar 32 A', unidade: 'un', quantidade: 2 },
      { id: expect.any(Number), descricao: 'Cabo flexível 6 mm', unidade: 'm', quantidade: 2.5 },
    ]);
    expect(detail.body).not.toMatch(/preco|4890|720/);
  });
});
