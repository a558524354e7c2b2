/**

 * The client's copy (docs/rules.md#portal): what the client receives of an order, the portal's PDF and
 * every order PDF e-mailed to an address that is no active user's, holds no km, trip observation, expense
 * or value; the office's PDFs and an e-mail to a user's address still hold them.
 */
import { padNumber, type SentEmail } from '@os/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleJpeg } from '../../../test/factories/images';
import { createOrderFixture } from '../../../test/factories/orders';
import { createSignedInContact } from '../../../test/factories/portal';
import { admin, ctx, useFileApp } from '../../../test/file-app';
import { multipart } from '../../../test/multipart';
import { pdfText } from '../../../test/pdf-reader';
import { send } from '../../../test/requests';
import { users } from '../../db/schema';
import { createLocalStorage } from '../../platform/storage';

useFileApp();

/** What the client never sees: the trips' km (fixture and added), their observations, the expenses and their values. */
const HIDDEN = ['123,4', '100,1', '321,7', 'Saída da base', 'Retorno à base', 'Pedágio na BR-116', 'Despesas', 'R$', '987,65'];
/** What the client's copy shows: the order, the service day with its times, descriptions with photos, the signature. */
const SHOWN = [
  'Ordem de Serviço Nº',
  'Indústria São João Ação & Cia',
  'Folha de Horas',
  '07:00',
  '20:00',
  'Troca do rolamento do eixo principal; lubrificação e testes de pressão.',
  'Foto da descrição 1 (03/11/2026)',
  'Assinado por: Maria Conceição',
];

let order: { id: number; numero: number };
let contact: Awaited<ReturnType<typeof createSignedInContact>>;

beforeAll(async () => {
  const fixture = await createOrderFixture(ctx.db, createLocalStorage(ctx.dataDir));
  order = fixture.order;
  contact = await createSignedInContact(ctx.db, { clientId: fixture.clientId, nome: 'Marta Lima' });
  // A trip with km and an observation, and an expense with a value, as the technician's screens send them.
  const trip = await send(admin, 'POST', '/api/viagemida/', {
    dataida: '2026-11-04',
    saidaida: '06:00',
    chegadaida: '08:30',
    duracaoida: '02:30',
    kmida: '321,7',
    obsida: 'Pedágio na BR-116',
    numeroos: order.id,
  });
  expect(trip.statusCode, trip.body).toBe(201);
  const form = multipart(
    {
      data: '2026-11-04',
      docnr: '5544',
      valor: '987,65',
      tipodespesa: 'Hospedagem',
      descricao: 'Hotel da equipe perto da fábrica',
      observacao: '',
      osnumero: String(order.id),
    },
    { field: 'imagem', name: 'recibo.jpg', type: 'image/jpeg', data: await sampleJpeg(800, 600) },
  );
  const expense = await send(admin, 'POST', '/api/despesa/', form.payload, form.headers);
  expect(expense.statusCode, expense.body).toBe(201);
});

function expectClientCopy(text: string) {
  for (const shown of SHOWN) expect(text, shown).toContain(shown);
  for (const hidden of HIDDEN) expect(text, hidden).not.toContain(hidden);
  expect(text).not.toMatch(/\bKm\b|Viagem de Ida|Viagem de Volta/);
}

/** The PDF a recorded e-mail carried, as 'Ver Anexo' opens it. */
async function mailedPdfText(to: string) {
  const res = await send(admin, 'POST', '/api/sendMail/os', {
    to,
    tipoDocumento: 'Ordem de Serviço',
    numeroOS_Fechamento: String(order.numero),
  });
  expect(res.statusCode, res.body).toBe(200);
  const email = res.json().email as SentEmail;
  return pdfText((await send(admin, 'GET', `/api/sendmail/emails/${email.id}/anexo`)).rawPayload);
}

describe("the client's copy", () => {
  it("the portal's PDF shows the order, the service days, descriptions with photos and the signature; no km, trip observation, expense or value", async () => {
    const res = await send(contact.cookie, 'GET', `/api/portal/os/${order.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`OS_${padNumber(order.numero)}.pdf`);
    const text = await pdfText(res.rawPayload);
    expectClientCopy(text);
    // The same content is the same file: a second view is not a new version.
    const again = await send(contact.cookie, 'GET', `/api/portal/os/${order.id}/pdf`);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  });

  it('an order PDF e-mailed from /emails to an address that is no active user’s is the client’s copy', async () => {
    expectClientCopy(await mailedPdfText('compras@cliente-externo.com.br'));
    // An inactive user's address is no user's either.
    const former = await ctx.createUser('user');
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, former.id));
    expectClientCopy(await mailedPdfText(`${former.username.toUpperCase()}@example.com`));
  });

  it('the approval e-mail carries the client’s copy', async () => {
    const res = await send(admin, 'POST', `/api/os/${order.id}/enviar-aprovacao`);
    expect(res.statusCode, res.body).toBe(200);
    const history = (await send(admin, 'GET', '/api/sendmail/emails')).json() as SentEmail[];
    const sent = history.find((e) => e.email === contact.email && e.numero === String(order.numero));
    expect(sent).toBeDefined();
    expectClientCopy(await pdfText((await send(admin, 'GET', `/api/sendmail/emails/${sent!.id}/anexo`)).rawPayload));
  });
});

describe("the office's PDFs", () => {
  it('the full PDF still holds the km, the trip observations, the expenses and their values', async () => {
    expect((await send(admin, 'POST', `/api/os/${order.id}/pdfcompleto`)).statusCode).toBe(200);
    const text = await pdfText((await send(admin, 'GET', `/api/os/${order.id}/pdfcompleto_os`)).rawPayload);
    for (const kept of HIDDEN) expect(text, kept).toContain(kept);
    expect(text).toContain('Relatório Completo da OS Nº');
  });

  it('the order sheet still holds the km and the trip observations', async () => {
    expect((await send(admin, 'POST', `/api/os/${order.id}/pdf`)).statusCode).toBe(200);
    const text = await pdfText((await send(admin, 'GET', `/api/os/${order.id}/pdfviewer`)).rawPayload);
    for (const kept of ['123,4', '321,7', 'Saída da base', 'Pedágio na BR-116', 'Viagem de Ida'])
      expect(text, kept).toContain(kept);
  });

  it("an e-mail to an active user's address carries the full PDF", async () => {
    const clerk = await ctx.createUser('user');
    const text = await mailedPdfText(`${clerk.username}@example.com`);
    expect(text).toContain('Relatório Completo da OS Nº');
    for (const kept of HIDDEN) expect(text, kept).toContain(kept);
  });
});
