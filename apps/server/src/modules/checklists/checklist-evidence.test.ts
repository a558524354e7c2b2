/** The checklist as evidence (docs/rules.md#checklists): in both order PDFs, the client's copy and the portal. */
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, orderWithChecklist, postTemplate, transformerTemplate } from '../../../test/factories/checklists';
import { createSignedInContact } from '../../../test/factories/portal';
import { admin, ctx, tec, useFileApp } from '../../../test/file-app';
import { embeddedJpegs, pdfText } from '../../../test/pdf-reader';
import { send } from '../../../test/requests';

useFileApp();

let orderId: number;
let contact: Awaited<ReturnType<typeof createSignedInContact>>;
const SHOWN = [
  'Checklist: Inspeção de transformador',
  'Respondidos: 4 de 4',
  'Tensão de saída',
  '245 V',
  '210–230 V',
  'Não conforme',
  'Tensão alta na fase B',
  'Nível do óleo',
  'Normal',
];

beforeAll(async () => {
  const template = await postTemplate(transformerTemplate());
  const { order, checklist } = await orderWithChecklist(template.id, tec.id);
  orderId = order.id;
  const [conform, reading, note, option] = checklist.itens.map((i) => i.id) as [number, number, number, number];
  await answer(tec.cookie, orderId, conform, { valor: 'Conforme' });
  expect(
    (await answer(tec.cookie, orderId, reading, { valor: '245', observacao: 'Tensão alta na fase B' }, { photo: true }))
      .statusCode,
  ).toBe(200);
  await answer(tec.cookie, orderId, note, { valor: 'Painel limpo' });
  await answer(tec.cookie, orderId, option, { valor: 'Normal' });
  expect((await send(admin, 'PUT', `/api/os/${orderId}`, { status: 'Concluído' })).statusCode).toBe(200);
  contact = await createSignedInContact(ctx.db, { clientId: order.clientId, nome: 'Marta Lima' });
});

describe('the checklist in the PDFs', () => {
  it.each([
    ['pdf', 'pdfviewer'],
    ['pdfcompleto', 'pdfcompleto_os'],
  ])("the office's %s holds the values, ranges, results, notes and the photo", async (make, view) => {
    expect((await send(admin, 'POST', `/api/os/${orderId}/${make}`)).statusCode).toBe(200);
    const pdf = (await send(admin, 'GET', `/api/os/${orderId}/${view}`)).rawPayload;
    const text = await pdfText(pdf);
    for (const shown of SHOWN) expect(text, shown).toContain(shown);
    expect(embeddedJpegs(pdf).length).toBeGreaterThan(0);
  });

  it("the client's copy in the portal holds them too", async () => {
    const res = await send(contact.cookie, 'GET', `/api/portal/os/${orderId}/pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    for (const shown of SHOWN) expect(text, shown).toContain(shown);
  });
});

describe('the checklist in the portal', () => {
  it("the contact reads the checklist and its photo; another client's contact does not", async () => {
    const detail = (await send(contact.cookie, 'GET', `/api/portal/os/${orderId}`)).json();
    expect(detail.checklist).toMatchObject({ total: 4, respondidos: 4, naoConformes: 1, pendencias: [] });
    const item = detail.checklist.itens[1];
    expect(item.resposta).toMatchObject({ valor: '245', resultado: 'Não conforme', observacao: 'Tensão alta na fase B' });
    expect(item.resposta.foto).toBe(`/api/portal/os/${orderId}/checklist/fotos/${item.id}`);
    const photo = await send(contact.cookie, 'GET', item.resposta.foto);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toContain('image/jpeg');
    const stranger = await createSignedInContact(ctx.db);
    expect((await send(stranger.cookie, 'GET', `/api/portal/os/${orderId}`)).statusCode).toBe(404);
    expect((await send(stranger.cookie, 'GET', item.resposta.foto)).statusCode).toBe(404);
  });
});
