import fs from 'node:fs';
import path from 'node:path';
import { REQUEST_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories/clients';
import { createEquipmentRow } from '../../../test/factories/equipment';
import { jpegPhoto } from '../../../test/factories/images';
import { createSignedInContact } from '../../../test/factories/portal';
import type { TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { type FilePart, multipart } from '../../../test/multipart';
import { readPdf } from '../../../test/pdf-reader';
import { type Smtp, startAppWithSmtp } from '../../../test/smtp';
import { orders, sentEmails, serviceRequestPhotos, serviceRequests } from '../../db/schema';

let t: TestContext;
let smtp: Smtp;
let close: () => Promise<void>;
let cookie: string;
let otherCookie: string;
let admin: string;
let user: string;
let tec: string;
let clientId: number;
let machine: number;
let foreignMachine: number;
let contactEmail: string;
let photo: Buffer;

beforeAll(async () => {
  ({ t, smtp, close } = await startAppWithSmtp({ APP_URL: 'https://os.exemplo.com.br' }));
  clientId = (await createClient(t.db, { razao: 'Usina Boa Vista Ltda' })).id;
  machine = (await createEquipmentRow(t.db, clientId, { tipo: 'Inversor', fabricante: 'WEG', modelo: 'CFW500' })).id;
  ({ cookie, email: contactEmail } = await createSignedInContact(t.db, { clientId, nome: 'Marta Lima' }));
  const other = await createSignedInContact(t.db);
  foreignMachine = (await createEquipmentRow(t.db, other.clientId)).id;
  otherCookie = other.cookie;
  admin = await t.loginAdmin();
  user = (await t.signedIn('user')).cookie;
  tec = (await t.signedIn('tec')).cookie;
  photo = await jpegPhoto();
});
afterAll(() => close());

const fotos = (n: number, data = photo): FilePart[] =>
  Array.from({ length: n }, (_, i) => ({ field: 'fotos', name: `foto${i}.jpg`, type: 'image/jpeg', data }));

function ask(fields: Record<string, string>, files: FilePart[] = [], c = cookie) {
  const body = multipart(fields, ...files);
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/solicitacoes',
    payload: body.payload,
    headers: { ...body.headers, cookie: c },
  });
}

const get = (url: string, c: string) => request(t.app, c, 'GET', url);
const post = (url: string, c: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: c }, ...(payload ? { payload } : {}) });

/** The newest e-mail to `to` whose subject matches, read back from the SMTP server. */
async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 200; i++) {
    const found = smtp.received.filter((m) => m.rcpt.includes(to) && subject.test(m.mail.subject ?? '')).at(-1);
    if (found) return found.mail;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

async function storedCounts() {
  const requests = (await t.db.select().from(serviceRequests)).length;
  const photos = (await t.db.select().from(serviceRequestPhotos)).length;
  const files = fs.existsSync(path.join(t.dataDir, 'uploads'))
    ? fs.readdirSync(path.join(t.dataDir, 'uploads')).filter((f) => f.startsWith('solicitacao')).length
    : 0;
  return { requests, photos, files };
}

describe('asking for service from the portal (docs/rules.md#portal)', () => {
  let requestId: number;

  it('takes a request with equipment and photos, answers Recebida and e-mails the contact with the portal link', async () => {
    const res = await ask(
      {
        equipamentoId: String(machine),
        motivo: 'Inversor desarmando à tarde',
        urgencia: 'Alta',
        contato: 'João',
        fone: '(11) 99999-0000',
      },
      fotos(2),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    requestId = created.id;
    expect(created).toMatchObject({
      status: 'Recebida',
      situacao: 'Recebida',
      urgencia: 'Alta',
      contato: 'João',
      fone: '(11) 99999-0000',
      fotos: 2,
      equipamentoId: machine,
    });
    expect(created.equipamento).toContain('Inversor WEG CFW500');
    const mail = await mailTo(contactEmail, /recebida/);
    expect(mail.subject).toBe(`Solicitação de atendimento ${String(requestId).padStart(5, '0')} recebida`);
    expect(mail.text).toContain('Olá, Marta Lima.');
    expect(mail.text).toContain('https://os.exemplo.com.br/portal/solicitacoes');
    await expect
      .poll(async () => (await t.db.select().from(sentEmails).where(eq(sentEmails.email, contactEmail))).length)
      .toBe(1);
    const [record] = await t.db.select().from(sentEmails).where(eq(sentEmails.email, contactEmail));
    expect(record).toMatchObject({ tipo: 'Solicitação', status: 'Enviado', nomeCliente: 'Usina Boa Vista Ltda' });
  });

  it("lists the client's own requests with their status, and serves their photos to the client only", async () => {
    const res = await get('/api/portal/solicitacoes', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()[0]).toMatchObject({ id: requestId, status: 'Recebida', motivo: 'Inversor desarmando à tarde' });
    const other = await get('/api/portal/solicitacoes', otherCookie);
    expect(other.json()).toEqual([]);
    const [first] = await t.db.select().from(serviceRequestPhotos).where(eq(serviceRequestPhotos.requestId, requestId));
    const mine = await get(`/api/portal/solicitacoes/${requestId}/fotos/${first!.id}`, cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect((await get(`/api/portal/solicitacoes/${requestId}/fotos/${first!.id}`, otherCookie)).statusCode).toBe(404);
  });

  it('takes a request without equipment or photos; the contact defaults to the signed-in person', async () => {
    const res = await ask({ motivo: 'Visita preventiva' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      equipamentoId: null,
      equipamento: '',
      urgencia: 'Média',
      contato: 'Marta Lima',
      fotos: 0,
    });
  });

  it('refuses bad input in Portuguese, naming the field, and stores nothing', async () => {
    const before = await storedCounts();
    const cases: [Record<string, string>, FilePart[], number, string | RegExp][] = [
      [{ motivo: '   ' }, [], 400, REQUEST_MSG.motivoRequired],
      [{ urgencia: 'Alta' }, [], 400, REQUEST_MSG.motivoRequired],
      [{ motivo: 'x', urgencia: 'Urgentíssima' }, [], 400, REQUEST_MSG.urgenciaInvalid],
      [{ motivo: 'x', equipamentoId: String(foreignMachine) }, [], 400, REQUEST_MSG.equipmentOther],
      [{ motivo: 'x', equipamentoId: '999999' }, [], 400, REQUEST_MSG.equipmentOther],
      [{ motivo: 'x', equipamentoId: 'abc' }, [], 400, /^Equipamento: /],
      [{ motivo: 'x' }, fotos(6), 400, REQUEST_MSG.tooManyPhotos],
      [
        { motivo: 'x' },
        [...fotos(1), { field: 'fotos', name: 'nota.jpg', type: 'image/jpeg', data: Buffer.from('%PDF-1.4 not an image') }],
        400,
        REQUEST_MSG.photoNotImage,
      ],
      [{ motivo: 'x' }, [{ field: 'fotos', name: 'vazio.jpg', type: 'image/jpeg', data: Buffer.alloc(0) }], 400, /vazio/i],
      [
        { motivo: 'x' },
        [{ field: 'fotos', name: 'grande.jpg', type: 'image/jpeg', data: Buffer.alloc(10 * 1024 * 1024 + 10, 1) }],
        413,
        REQUEST_MSG.photoTooLarge,
      ],
      [{ motivo: 'x', fone: '9'.repeat(41) }, [], 400, /^Telefone: /],
      [{ motivo: 'x'.repeat(2001) }, [], 400, /^Motivo: /],
    ];
    for (const [fields, files, status, message] of cases) {
      const res = await ask(fields, files);
      expect(res.statusCode, JSON.stringify(fields) + res.body).toBe(status);
      if (typeof message === 'string') expect(res.json().error).toBe(message);
      else expect(res.json().error).toMatch(message);
    }
    const json = await request(t.app, cookie, 'POST', '/api/portal/solicitacoes', { motivo: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe(REQUEST_MSG.notForm);
    expect(await storedCounts()).toEqual(before);
  });

  it('answers 401 to a staff session and to no session on every portal request route', async () => {
    for (const c of [admin, user, '']) {
      expect((await ask({ motivo: 'x' }, [], c)).statusCode).toBe(401);
      expect((await get('/api/portal/solicitacoes', c)).statusCode).toBe(401);
    }
  });
});

describe("the office's requests (docs/rules.md#portal)", () => {
  async function newRequest(motivo: string, fields: Record<string, string> = {}, files: FilePart[] = []) {
    const res = await ask({ motivo, ...fields }, files);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  it('lists every request to admin and user, paged, newest first, with the count of new ones, and photos for staff', async () => {
    const id = await newRequest('Ruído no transformador', { equipamentoId: String(machine) }, fotos(1));
    for (const c of [admin, user]) {
      const res = await get('/api/solicitacoes?limit=1', c);
      expect(res.statusCode).toBe(200);
      const [row] = res.json();
      expect(row).toMatchObject({ id, cliente: 'Usina Boa Vista Ltda', status: 'Recebida', contatoEmail: contactEmail });
      expect(row.fotoUrls).toHaveLength(1);
      const img = await get(row.fotoUrls[0], c);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
    }
    const fresh = await get('/api/solicitacoes?situacao=Recebida&limit=1', admin);
    expect(Number(fresh.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    expect((await get('/api/solicitacoes', tec)).statusCode).toBe(403);
    expect((await get('/api/solicitacoes', cookie)).statusCode).toBe(401);
    const bad = await get('/api/solicitacoes?situacao=Aberta', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Situação: /);
  });

  it('converts a request into an order prefilled from it, once, and e-mails the contact the order number', async () => {
    const id = await newRequest('Inversor não liga', {
      equipamentoId: String(machine),
      contato: 'João Souza',
      fone: '11 3333-4444',
    });
    const res = await post(`/api/solicitacoes/${id}/gerar-os`, user);
    expect(res.statusCode, res.body).toBe(201);
    const { os, solicitacao } = res.json();
    const numero = String(os.numero).padStart(5, '0');
    expect(solicitacao).toMatchObject({ situacao: 'Convertida', status: `Convertida em OS ${numero}`, osId: os.id });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, os.id));
    expect(order).toMatchObject({ clientId, equipmentId: machine, responsavel: 'João Souza', status: 'Aberto' });
    expect(order!.motivo).toContain('Inversor não liga');
    expect(order!.nrSerie).not.toBe('');
    const again = await post(`/api/solicitacoes/${id}/gerar-os`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(REQUEST_MSG.alreadyDecided);
    const mail = await mailTo(contactEmail, new RegExp(`convertida em OS ${numero}`));
    expect(mail.text).toContain(`ordem de serviço OS ${numero}`);
    expect(mail.text).toContain('https://os.exemplo.com.br/portal/solicitacoes');
    const portal = (await get('/api/portal/solicitacoes', cookie)).json();
    expect(portal.find((r: { id: number }) => r.id === id).status).toBe(`Convertida em OS ${numero}`);
  });

  it("carries the request's photos into the order: listed and served to who may read it, printed in the full PDF", async () => {
    const id = await newRequest('Painel com cheiro de queimado', {}, fotos(2));
    const { os } = (await post(`/api/solicitacoes/${id}/gerar-os`, user)).json();
    const listed = await get(`/api/os/${os.id}/fotos-cliente`, user);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toHaveLength(2);
    expect(listed.json().every((f: { solicitacaoId: number }) => f.solicitacaoId === id)).toBe(true);
    const img = await get(`/api/os/${os.id}/fotos-cliente/${listed.json()[1].id}`, admin);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    // Not one of this order's photos, and a technician the order is not assigned to.
    const strangerPhoto = await get(`/api/os/${os.id}/fotos-cliente/2147483647`, admin);
    expect(strangerPhoto.statusCode).toBe(404);
    expect((await get(`/api/os/${os.id}/fotos-cliente`, tec)).statusCode).toBe(403);

    expect((await post(`/api/os/${os.id}/pdfcompleto`, admin)).statusCode).toBe(200);
    const full = await get(`/api/os/${os.id}/pdfcompleto_os`, admin);
    const text = (await readPdf(full.rawPayload)).text;
    expect(text).toContain('Fotos do cliente');
    expect(text).toContain(`Foto do cliente 2 (solicitação ${String(id).padStart(5, '0')})`);
  });

  it('refuses a request with a required reason and e-mails the reason', async () => {
    const id = await newRequest('Pintar o galpão');
    const empty = await post(`/api/solicitacoes/${id}/recusar`, admin, { motivo: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(REQUEST_MSG.refuseReasonRequired);
    expect((await post(`/api/solicitacoes/${id}/recusar`, admin, {})).json().error).toBe(REQUEST_MSG.refuseReasonRequired);
    const res = await post(`/api/solicitacoes/${id}/recusar`, admin, { motivo: 'Serviço fora do nosso escopo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ situacao: 'Recusada', status: 'Recusada', motivoRecusa: 'Serviço fora do nosso escopo' });
    expect((await post(`/api/solicitacoes/${id}/gerar-os`, admin)).statusCode).toBe(409);
    expect((await post(`/api/solicitacoes/${id}/recusar`, admin, { motivo: 'de novo' })).statusCode).toBe(409);
    const mail = await mailTo(contactEmail, /recusada/);
    expect(mail.text).toContain('Motivo: Serviço fora do nosso escopo');
    expect(mail.text).toContain('https://os.exemplo.com.br/portal/solicitacoes');
    const portal = (await get('/api/portal/solicitacoes', cookie)).json();
    expect(portal.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: 'Recusada',
      motivoRecusa: 'Serviço fora do nosso escopo',
    });
  });

  it('answers 404 for a request that does not exist, 403 to a technician, 401 to a portal session', async () => {
    expect((await post('/api/solicitacoes/999999/gerar-os', admin)).statusCode).toBe(404);
    expect((await post('/api/solicitacoes/999999/recusar', admin, { motivo: 'x' })).statusCode).toBe(404);
    expect((await get('/api/solicitacoes/999999/fotos/1', admin)).statusCode).toBe(404);
    const id = await newRequest('Qualquer');
    expect((await post(`/api/solicitacoes/${id}/gerar-os`, tec)).statusCode).toBe(403);
    expect((await post(`/api/solicitacoes/${id}/gerar-os`, cookie)).statusCode).toBe(401);
    expect((await post(`/api/solicitacoes/${id}/recusar`, cookie, { motivo: 'x' })).statusCode).toBe(401);
    const bad = await post('/api/solicitacoes/abc/gerar-os', admin);
    expect(bad.statusCode).toBe(400);
  });
});
