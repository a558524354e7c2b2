import { QUOTE_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMaterialRow } from '../../../test/factories/materials';
import { pdfText } from '../../../test/pdf-reader';
import {
  admin,
  api,
  cabo,
  clerk,
  day,
  quoteBody,
  quoteClient,
  setValidade,
  t,
  tecCookie,
  tecId,
  useQuotesApp,
} from '../../../test/quotes';
import { auditLog, orders, quotes } from '../../db/schema';

useQuotesApp();

const count = async () => (await t.db.select().from(quotes)).length;

describe("'Orçamentos': create, read, list (docs/rules.md#quotes)", () => {
  it('numbers the quote, computes every total in centavos and keeps it a Rascunho', async () => {
    const { client, machine } = await quoteClient();
    const res = await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id));
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json();
    expect(q.codigo).toBe(`ORC ${String(q.numero).padStart(5, '0')}`);
    // 3 × 33,33 = 99,99; 1,5 × 10,01 = 15,015 -> 15,02 (half up); subtotal 115,01; minus 5,00.
    expect(q.itens.map((i: { total: number }) => i.total)).toEqual([99.99, 15.02]);
    expect(q).toMatchObject({ subtotal: 115.01, desconto: 5, total: 110.01, status: 'Rascunho', versao: 1 });
    expect(q.equipamento).toMatch(/^Inversor WEG CFW500 \(série /);
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, q.id));
    expect(row).toMatchObject({ subtotalCentavos: 11501, descontoCentavos: 500, totalCentavos: 11001 });

    const second = await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, null));
    expect(second.json().numero).toBe(q.numero + 1);
    const list = await api(clerk, 'GET', `/api/orcamentos?clienteId=${client.id}`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((s: { codigo: string }) => s.codigo)).toEqual([second.json().codigo, q.codigo]);
  });

  it.each([
    ['no items', { itens: [] }, QUOTE_MSG.itemsRequired],
    [
      'a negative price',
      { itens: [{ tipo: 'servico', descricao: 'Visita', quantidade: 1, valorUnitario: -1 }] },
      QUOTE_MSG.itemPrice,
    ],
    [
      'a zero quantity',
      { itens: [{ tipo: 'servico', descricao: 'Visita', quantidade: 0, valorUnitario: 1 }] },
      QUOTE_MSG.itemQuantity,
    ],
    [
      'a price with 3 decimals',
      { itens: [{ tipo: 'servico', descricao: 'Visita', quantidade: 1, valorUnitario: 1.005 }] },
      QUOTE_MSG.itemPrice,
    ],
    [
      'a material without material',
      { itens: [{ tipo: 'material', descricao: 'Cabo', quantidade: 1, valorUnitario: 1 }] },
      QUOTE_MSG.itemMaterial,
    ],
    [
      'a service item naming a material',
      { itens: [{ tipo: 'servico', materialId: 1, descricao: 'Visita', quantidade: 1, valorUnitario: 1 }] },
      QUOTE_MSG.itemServiceMaterial,
    ],
    ['a validade in the past', { validade: day(-1) }, QUOTE_MSG.validadePast],
    ['a discount over the items', { desconto: 200 }, QUOTE_MSG.discountOverTotal],
    ['no validade', { validade: undefined }, QUOTE_MSG.validadeRequired],
  ])('refuses %s with a Portuguese 400 and stores nothing', async (_name, extra, message) => {
    const { client, machine } = await quoteClient();
    const before = await count();
    const res = await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id, extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await count()).toBe(before);
  });

  it("refuses another client's equipment and an unknown client", async () => {
    const a = await quoteClient();
    const b = await quoteClient('Outra Ltda');
    const foreign = await api(clerk, 'POST', '/api/orcamentos', quoteBody(a.client.id, b.machine.id));
    expect(foreign.json()).toEqual({ error: QUOTE_MSG.equipmentOther, field: 'equipamentoId' });
    const unknown = await api(clerk, 'POST', '/api/orcamentos', quoteBody(999999, null));
    expect(unknown.json()).toEqual({ error: QUOTE_MSG.clientNotFound, field: 'clienteId' });
  });

  it('takes a material item only from the register: an unknown or inactive material answers 400 naming the item', async () => {
    const { client, machine } = await quoteClient();
    const inactive = await createMaterialRow(t.db, { descricao: 'Fusível antigo', ativo: false });
    const withMaterial = (materialId: number) => ({
      itens: [
        { tipo: 'servico', descricao: 'Visita', quantidade: 1, valorUnitario: 100 },
        { tipo: 'material', materialId, descricao: 'Peça', quantidade: 2, valorUnitario: 5 },
      ],
    });
    const before = await count();
    const unknown = await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id, withMaterial(999999)));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'Item 2: material não encontrado.', field: 'itens' });
    const off = await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id, withMaterial(inactive.id)));
    expect(off.json()).toEqual({ error: QUOTE_MSG.materialInactive(2), field: 'itens' });
    // A material counted in whole units ('un') takes no fraction; one sold by the metre does.
    const fuse = await createMaterialRow(t.db, { descricao: 'Fusível 10A', unidade: 'un' });
    const half = withMaterial(fuse.id);
    half.itens[1]!.quantidade = 2.5;
    const fraction = await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id, half));
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json()).toEqual({
      error: 'Item 2: material em un se conta em unidades inteiras; informe na quantidade um número inteiro, como 2.',
      field: 'itens',
    });
    expect(await count()).toBe(before);
    const cable = await createMaterialRow(t.db, { descricao: 'Cabo 2,5 mm', unidade: 'm' });
    const metres = withMaterial(cable.id);
    metres.itens[1]!.quantidade = 2.5;
    expect((await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id, metres))).statusCode).toBe(201);

    // An edit is checked the same way and changes nothing.
    const q = (await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id))).json();
    const edit = await api(clerk, 'PUT', `/api/orcamentos/${q.id}`, quoteBody(client.id, machine.id, withMaterial(999999)));
    expect(edit.json().error).toBe('Item 2: material não encontrado.');
    const kept = (await api(clerk, 'GET', `/api/orcamentos/${q.id}`)).json();
    expect(kept.itens[1]).toMatchObject({ tipo: 'material', materialId: cabo.id, descricao: 'Cabo PP 3x2,5 mm' });
  });

  it('prints the items, totals, validade, conditions and a verification code in the PDF', async () => {
    const { client, machine } = await quoteClient('Laticínios Serra Azul Ltda');
    const q = (await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id))).json();
    const res = await api(clerk, 'GET', `/api/orcamentos/${q.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      `Orçamento ${q.codigo}`,
      'Laticínios Serra Azul Ltda',
      'Manutenção preventiva do inversor',
      'Cabo PP 3x2,5 mm',
      'R$ 33,33',
      'R$ 99,99',
      'R$ 15,02',
      'R$ 115,01',
      'R$ 5,00',
      'R$ 110,01',
      'Pagamento em 15 dias.',
      `válido até ${day(10).split('-').reverse().join('/')}`,
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/);
  });

  it('keeps a technician out (403) and answers 404 for an unknown quote', async () => {
    expect((await api(tecCookie, 'GET', '/api/orcamentos')).statusCode).toBe(403);
    expect((await api(admin, 'GET', '/api/orcamentos/999999')).json().error).toBe(QUOTE_MSG.notFound);
  });
});

describe('editing a quote (docs/rules.md#quotes)', () => {
  it('edits a Rascunho in place, and turns a sent one into a new version to send again', async () => {
    const { client, machine } = await quoteClient();
    const q = (await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id))).json();
    const edited = await api(clerk, 'PUT', `/api/orcamentos/${q.id}`, quoteBody(client.id, machine.id, { desconto: 0 }));
    expect(edited.json()).toMatchObject({ versao: 1, status: 'Rascunho', total: 115.01 });

    expect((await api(clerk, 'POST', `/api/orcamentos/${q.id}/enviar`)).statusCode).toBe(200);
    expect((await api(clerk, 'GET', `/api/orcamentos/${q.id}`)).json().status).toBe('Enviado');
    const again = await api(
      clerk,
      'PUT',
      `/api/orcamentos/${q.id}`,
      quoteBody(client.id, machine.id, {
        itens: [{ tipo: 'servico', descricao: 'Visita técnica', quantidade: 2, valorUnitario: 150 }],
      }),
    );
    expect(again.json()).toMatchObject({ versao: 2, status: 'Rascunho', total: 295, itens: [{ descricao: 'Visita técnica' }] });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'orcamento'));
    expect(audit.filter((a) => a.entityId === q.id).map((a) => a.action)).toEqual(['create', 'update', 'update']);
  });

  it('answers 409 to the edit of an expired quote', async () => {
    const { client } = await quoteClient();
    const q = (await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, null))).json();
    await setValidade(q.id, day(-1));
    expect((await api(clerk, 'GET', `/api/orcamentos/${q.id}`)).json().status).toBe('Vencido');
    const res = await api(clerk, 'PUT', `/api/orcamentos/${q.id}`, quoteBody(client.id, null));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_MSG.expired);
    const vencidos = await api(clerk, 'GET', `/api/orcamentos?status=Vencido&clienteId=${client.id}`);
    expect(vencidos.json().map((s: { id: number }) => s.id)).toEqual([q.id]);
  });
});

describe("'Gerar OS' (docs/rules.md#quotes)", () => {
  it('answers 409 before approval', async () => {
    const { client } = await quoteClient();
    const q = (await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, null))).json();
    const res = await api(clerk, 'POST', `/api/orcamentos/${q.id}/gerar-os`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_MSG.notApproved);
    expect((await t.db.select().from(orders).where(eq(orders.orcamentoId, q.id))).length).toBe(0);
  });

  it('makes one order for the client and equipment of an approved quote, linked both ways', async () => {
    const { client, machine } = await quoteClient();
    const q = (await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id))).json();
    await t.db.update(quotes).set({ status: 'Aprovado' }).where(eq(quotes.id, q.id));
    const [first, second] = await Promise.all([
      api(clerk, 'POST', `/api/orcamentos/${q.id}/gerar-os`),
      api(clerk, 'POST', `/api/orcamentos/${q.id}/gerar-os`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const made = (first.statusCode === 201 ? first : second).json();
    expect(made.orcamento).toMatchObject({ status: 'Convertido', os: { numero: made.os.numero } });
    const [order] = await t.db.select().from(orders).where(eq(orders.orcamentoId, q.id));
    expect(order).toMatchObject({ clientId: client.id, equipmentId: machine.id, numero: made.os.numero });
    expect(order!.motivo).toContain(q.codigo);
    expect(order!.motivo).toContain('Cabo PP 3x2,5 mm');
    // The material item is the order's planned material, named by the register's id; nothing is consumed yet.
    const link = await api(clerk, 'GET', `/api/os/${order!.id}/orcamento`);
    expect(link.json().orcamento).toEqual({
      id: q.id,
      numero: q.numero,
      codigo: q.codigo,
      materiais: [{ materialId: cabo.id, codigo: cabo.codigo, descricao: 'Cabo PP 3x2,5 mm', quantidade: 1.5, unidade: 'm' }],
    });
    expect((await api(clerk, 'GET', `/api/os/${order!.id}/materiais`)).json()).toEqual([]);
  });

  it("shows the planned materials to the order's technician, without prices, and to no other technician", async () => {
    const { client, machine } = await quoteClient('Fazenda Solar Ltda');
    const q = (await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, machine.id))).json();
    await t.db.update(quotes).set({ status: 'Aprovado' }).where(eq(quotes.id, q.id));
    const made = (await api(clerk, 'POST', `/api/orcamentos/${q.id}/gerar-os`)).json();
    const path = `/api/os/${made.os.id}/orcamento`;
    // Not assigned yet: the technician may not read the order.
    expect((await api(tecCookie, 'GET', path)).statusCode).toBe(403);
    await t.db.update(orders).set({ technicianId: tecId }).where(eq(orders.id, made.os.id));
    const seen = await api(tecCookie, 'GET', path);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().orcamento.materiais).toEqual([
      { materialId: cabo.id, codigo: cabo.codigo, descricao: 'Cabo PP 3x2,5 mm', quantidade: 1.5, unidade: 'm' },
    ]);
    expect(seen.body).not.toMatch(/preco|valor|total/i);
    const other = await t.signedIn('tec');
    expect((await api(other.cookie, 'GET', path)).statusCode).toBe(403);
    expect((await api(clerk, 'GET', '/api/os/999999/orcamento')).statusCode).toBe(404);
  });
});
