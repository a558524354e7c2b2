import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { answer, orderWithChecklist, postTemplate, transformerTemplate } from '../../../test/factories/checklists';
import { createEquipmentRow } from '../../../test/factories/equipment';
import { pngSignature } from '../../../test/factories/images';
import { createOrder, orderStatus } from '../../../test/factories/orders';
import { admin, ctx, otherTec, tec, useFileApp, user } from '../../../test/file-app';
import { expectBadRequest, expectError, send } from '../../../test/requests';
import { checklistAnswers, orders } from '../../db/schema';

useFileApp();

const NON_CONFORM = 'Item não conforme: descreva o problema e anexe uma foto.';

async function fresh() {
  const template = await postTemplate(transformerTemplate());
  const { order, checklist } = await orderWithChecklist(template.id, tec.id);
  const [conform, reading, note, option] = checklist.itens.map((i) => i.id) as [number, number, number, number];
  return { template, order, items: { conform, reading, note, option } };
}

const answersOf = async (orderId: number) => ctx.db.select().from(checklistAnswers).where(eq(checklistAnswers.orderId, orderId));

describe('an order checklist (docs/rules.md#checklists)', () => {
  it('the technician answers; the server judges a reading, limits included as within', async () => {
    const { order, items } = await fresh();
    const inside = await answer(tec.cookie, order.id, items.reading, { valor: '230' });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json()).toMatchObject({ valor: '230', resultado: 'Conforme', observacao: '', foto: null });
    expect((await answer(tec.cookie, order.id, items.reading, { valor: '212,5' })).json()).toMatchObject({
      valor: '212,5',
      resultado: 'Conforme',
    });
    const out = await answer(
      tec.cookie,
      order.id,
      items.reading,
      { valor: '231.5', observacao: 'Tensão alta na fase B' },
      { photo: true },
    );
    expect(out.json()).toMatchObject({ valor: '231,5', resultado: 'Não conforme', observacao: 'Tensão alta na fase B' });
    expect(out.json().foto).toMatch(/^checklist\d+_\d{14}_[0-9a-f]{8}\.jpg$/);
    expect((await send(tec.cookie, 'GET', `/uploads/${out.json().foto}`)).statusCode).toBe(200);
    expect((await send(otherTec.cookie, 'GET', `/uploads/${out.json().foto}`)).statusCode).toBe(403);
    await answer(tec.cookie, order.id, items.option, { valor: 'Normal' });
    const got = (await send(user.cookie, 'GET', `/api/os/${order.id}/checklist`)).json();
    expect(got).toMatchObject({ total: 4, respondidos: 2, naoConformes: 1 });
    expect(got.itens[1].resposta).toMatchObject({ valor: '231,5', resultado: 'Não conforme', respondidoPor: expect.any(String) });
    expect(await answersOf(order.id)).toHaveLength(2);
  });

  it.each([['12,5,1'], ['1e400'], ['NaN'], [''], ['doze']])('refuses the reading %j (400, nothing stored)', async (valor) => {
    const { order, items } = await fresh();
    expectBadRequest(
      await answer(tec.cookie, order.id, items.reading, { valor }),
      'Leitura: informe um número, como 220 ou 12,5.',
      'valor',
    );
    expect(await answersOf(order.id)).toEqual([]);
  });

  it('refuses an option not in the list, a conformity outside its three, a Não conforme without note or photo, a non-image photo', async () => {
    const { order, items } = await fresh();
    expectBadRequest(
      await answer(tec.cookie, order.id, items.option, { valor: 'Médio' }),
      'Resposta: escolha uma das opções do item.',
      'valor',
    );
    expectBadRequest(
      await answer(tec.cookie, order.id, items.conform, { valor: 'Sim' }),
      'Resposta: escolha Conforme, Não conforme ou N/A.',
      'valor',
    );
    expectBadRequest(
      await answer(tec.cookie, order.id, items.conform, { valor: 'Não conforme', observacao: 'Vaza' }),
      NON_CONFORM,
      'observacao',
    );
    expectBadRequest(
      await answer(tec.cookie, order.id, items.reading, { valor: '250' }, { photo: true }),
      NON_CONFORM,
      'observacao',
    );
    const fake = await answer(
      tec.cookie,
      order.id,
      items.conform,
      { valor: 'Conforme' },
      { photo: Buffer.from('<svg onload=alert(1)>') },
    );
    expectError(fake, 415, 'Foto: envie uma imagem válida (JPG ou PNG).');
    expect(await answersOf(order.id)).toEqual([]);
  });

  it('refuses an item of another order or another version of the template (400), and an order without checklist (404)', async () => {
    const a = await fresh();
    const b = await fresh();
    expectBadRequest(
      await answer(tec.cookie, a.order.id, b.items.reading, { valor: '220' }),
      'Item: não pertence ao checklist desta OS.',
      'itemId',
    );
    await send(
      admin,
      'PUT',
      `/api/checklists/${a.template.id}`,
      transformerTemplate({ nome: 'Nova versão', itens: [{ texto: 'X', tipo: 'texto' }] }),
    );
    const [newItem] = (await send(admin, 'GET', `/api/checklists/${a.template.id}`)).json().itens;
    expectBadRequest(
      await answer(tec.cookie, a.order.id, newItem.id, { valor: 'ok' }),
      'Item: não pertence ao checklist desta OS.',
      'itemId',
    );
    const bare = await createOrder(ctx.db, { technicianId: tec.id });
    expectError(await answer(tec.cookie, bare.id, a.items.reading, { valor: '220' }), 404, 'Esta OS não tem checklist.');
    expect((await send(tec.cookie, 'GET', `/api/os/${bare.id}/checklist`)).json()).toBeNull();
  });

  it('a technician answers only their own orders; a standard user and an admin answer any; Fechado is frozen', async () => {
    const { order, items } = await fresh();
    expect((await answer(otherTec.cookie, order.id, items.note, { valor: 'x' })).statusCode).toBe(403);
    expect((await answer(user.cookie, order.id, items.note, { valor: 'Pelo escritório' })).json()).toMatchObject({
      valor: 'Pelo escritório',
    });
    expect((await send(otherTec.cookie, 'GET', `/api/os/${order.id}/checklist`)).statusCode).toBe(403);
    expect((await answer(admin, order.id, items.note, { valor: 'Painel limpo' })).statusCode).toBe(200);
    await ctx.db.update(orders).set({ status: 'Fechado' }).where(eq(orders.id, order.id));
    expectError(
      await answer(admin, order.id, items.note, { valor: 'Depois' }),
      409,
      'Esta OS está fechada: os registros não podem ser alterados.',
    );
  });

  it('a replayed offline answer (same Idempotency-Key) is one answer', async () => {
    const { order, items } = await fresh();
    const first = await answer(tec.cookie, order.id, items.reading, { valor: '221' }, { key: 'chk-key-00001' });
    const again = await answer(tec.cookie, order.id, items.reading, { valor: '221' }, { key: 'chk-key-00001' });
    expect(again.json()).toEqual(first.json());
    const both = await Promise.all(
      [1, 2].map(() => answer(tec.cookie, order.id, items.note, { valor: 'ok' }, { key: 'chk-key-00002' })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await answersOf(order.id)).toHaveLength(2);
  });

  it('the outbox form POST /api/checklist/respostas answers the same way, once per key', async () => {
    const { order, items } = await fresh();
    const { multipart } = await import('../../../test/multipart');
    const { jpegPhoto } = await import('../../../test/factories/images');
    const body = multipart(
      { osId: String(order.id), itemId: String(items.reading), valor: '250', observacao: 'Fora da faixa' },
      { field: 'foto', name: 'foto.jpg', type: 'image/jpeg', data: await jpegPhoto() },
    );
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/checklist/respostas',
        headers: { ...body.headers, cookie: tec.cookie, 'idempotency-key': 'chk-form-0001' },
        payload: body.payload,
      });
    const first = await post();
    expect(first.json()).toMatchObject({ valor: '250', resultado: 'Não conforme' });
    expect((await post()).json()).toEqual(first.json());
    expect(await answersOf(order.id)).toHaveLength(1);
    const bad = await send(tec.cookie, 'POST', '/api/checklist/respostas', {
      osId: order.id,
      itemId: items.reading,
      valor: '12,5,1',
    });
    expectBadRequest(bad, 'Leitura: informe um número, como 220 ou 12,5.', 'valor');
  });

  it('one checklist per order (409); the technician adds one to their order, an inactive template is refused', async () => {
    const { order, template } = await fresh();
    expectError(
      await send(admin, 'POST', `/api/os/${order.id}/checklist`, { modeloId: template.id }),
      409,
      'Esta OS já tem um checklist.',
    );
    const own = await createOrder(ctx.db, { technicianId: tec.id });
    expect((await send(otherTec.cookie, 'POST', `/api/os/${own.id}/checklist`, { modeloId: template.id })).statusCode).toBe(403);
    expect((await send(tec.cookie, 'POST', `/api/os/${own.id}/checklist`, { modeloId: template.id })).statusCode).toBe(201);
    const inactive = await postTemplate(transformerTemplate({ ativo: false }));
    const other = await createOrder(ctx.db, { technicianId: tec.id });
    expectBadRequest(
      await send(admin, 'POST', `/api/os/${other.id}/checklist`, { modeloId: inactive.id }),
      'Modelo: escolha um modelo ativo.',
      'modeloId',
    );
  });

  it('an order created for an equipment gets its type’s active template (case and accents ignored)', async () => {
    const template = await postTemplate(transformerTemplate({ tipoEquipamento: 'Retificador Trifásico' }));
    const order = await createOrder(ctx.db, { technicianId: null });
    const machine = await createEquipmentRow(ctx.db, order.clientId, { tipo: 'RETIFICADOR TRIFASICO' });
    const res = await send(admin, 'POST', '/api/os', { data: '2026-11-20', cliente: order.clientId, equipamentoId: machine.id });
    expect(res.statusCode, res.body).toBe(201);
    const got = (await send(admin, 'GET', `/api/os/${res.json().id}/checklist`)).json();
    expect(got).toMatchObject({ modeloId: template.id, versao: 1, total: 4 });
  });
});

describe('conclusion and follow-up orders', () => {
  const sign = (orderId: number) =>
    pngSignature().then((png) =>
      send(tec.cookie, 'POST', '/api/assinatura/salvar', {
        ordemServicoId: orderId,
        assinatura: `data:image/png;base64,${png.toString('base64')}`,
      }),
    );
  const returnTrip = (orderId: number) =>
    send(tec.cookie, 'POST', '/api/viagemvolta/', {
      datavolta: '2026-11-21',
      saidavolta: '17:00',
      chegadavolta: '18:00',
      tempoEspera: '00:00',
      kmvolta: 10,
      obsvolta: '',
      numeroos: orderId,
    });

  it('by hand, Concluído waits for the required items (409 naming them)', async () => {
    const { order, items } = await fresh();
    const refused = await send(admin, 'PUT', `/api/os/${order.id}`, { status: 'Concluído' });
    expectError(refused, 409, 'Checklist incompleto: Sem vazamento de óleo, Tensão de saída');
    expect((await orderStatus(ctx.db, order.id)).status).toBe('Andamento');
    await answer(tec.cookie, order.id, items.conform, { valor: 'Conforme' });
    await answer(tec.cookie, order.id, items.reading, { valor: '220' });
    expect((await send(admin, 'PUT', `/api/os/${order.id}`, { status: 'Concluído' })).statusCode).toBe(200);
  });

  it('signature and return trip are kept while incomplete; the last required answer concludes the order', async () => {
    const { order, items } = await fresh();
    expect((await sign(order.id)).statusCode).toBe(201);
    expect((await returnTrip(order.id)).statusCode).toBe(201);
    expect((await orderStatus(ctx.db, order.id)).status).toBe('Andamento');
    await answer(tec.cookie, order.id, items.conform, { valor: 'Conforme' });
    expect((await orderStatus(ctx.db, order.id)).status).toBe('Andamento');
    await answer(tec.cookie, order.id, items.reading, { valor: '219' });
    expect(await orderStatus(ctx.db, order.id)).toEqual({ status: 'Concluído', endDate: '2026-11-21' });
  });

  it('two conclusions at once open exactly one follow-up order per Não conforme item, linked both ways', async () => {
    const { order, items } = await fresh();
    await answer(
      tec.cookie,
      order.id,
      items.conform,
      { valor: 'Não conforme', observacao: 'Vazamento na válvula' },
      { photo: true },
    );
    await answer(tec.cookie, order.id, items.reading, { valor: '245', observacao: 'Tensão alta' }, { photo: true });
    const both = await Promise.all([1, 2].map(() => send(admin, 'PUT', `/api/os/${order.id}`, { status: 'Concluído' })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    await send(admin, 'PUT', `/api/os/${order.id}`, { status: 'Concluído' });
    const followUps = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.clientId, order.clientId), eq(orders.status, 'Aberto')));
    const numero = String(order.numero).padStart(5, '0');
    expect(followUps.map((o) => o.motivo).sort()).toEqual([
      `Pendência do checklist da OS ${numero}: Sem vazamento de óleo — Vazamento na válvula`,
      `Pendência do checklist da OS ${numero}: Tensão de saída (245 V; faixa 210–230)`,
    ]);
    const got = (await send(admin, 'GET', `/api/os/${order.id}/checklist`)).json();
    expect(got.pendencias.map((p: { osId: number }) => p.osId).sort()).toEqual(followUps.map((o) => o.id).sort());
    const back = await send(admin, 'GET', `/api/os/${followUps[0]!.id}/checklist/origem`);
    expect(back.json()).toEqual({ osId: order.id, numero: order.numero, itemTexto: expect.any(String) });
    expect((await send(admin, 'GET', `/api/os/${order.id}/checklist/origem`)).json()).toBeNull();
  });

  it('the equipment charts each reading over its visits', async () => {
    const template = await postTemplate(transformerTemplate());
    const order = await createOrder(ctx.db, { technicianId: tec.id, status: 'Andamento' });
    const machine = await createEquipmentRow(ctx.db, order.clientId);
    for (const [data, valor] of [
      ['2026-01-10', '221'],
      ['2026-06-10', '233'],
    ] as const) {
      const [visit] = await ctx.db
        .insert(orders)
        .values({
          numero: Math.floor(Math.random() * 9e7),
          data,
          clientId: order.clientId,
          technicianId: tec.id,
          status: 'Andamento',
          equipmentId: machine.id,
        })
        .returning();
      await send(admin, 'POST', `/api/os/${visit!.id}/checklist`, { modeloId: template.id });
      const reading = template.itens[1]!.id;
      await answer(tec.cookie, visit!.id, reading, { valor, observacao: 'ok' }, { photo: true });
    }
    const res = await send(tec.cookie, 'GET', `/api/equipamentos/${machine.id}/leituras`);
    expect(res.json()).toEqual([
      {
        itemTexto: 'Tensão de saída',
        unidade: 'V',
        minimo: 210,
        maximo: 230,
        pontos: [
          expect.objectContaining({ data: '2026-01-10', valor: 221, resultado: 'Conforme' }),
          expect.objectContaining({ data: '2026-06-10', valor: 233, resultado: 'Não conforme' }),
        ],
      },
    ]);
    expectError(await send(tec.cookie, 'GET', '/api/equipamentos/999999/leituras'), 404, 'Registro não encontrado.');
  });
});
