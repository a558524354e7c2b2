import type { SessionUser } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrderFixture } from '../../../test/factories/orders';
import { admin, ctx, user as standard, tec, useFileApp } from '../../../test/file-app';
import { pdfText } from '../../../test/pdf-reader';
import { auditLog, closings, orders } from '../../db/schema';
import { createLocalStorage } from '../../platform/storage';
import { orderForRecordWrite } from '../order-records/order-guard';

useFileApp();

let first: number;
let second: number;
let otherClientOrder: number;
let openOrder: number;

beforeAll(async () => {
  const storage = createLocalStorage(ctx.dataDir);
  const a = await createOrderFixture(ctx.db, storage, { technicianId: tec.id, photos: false });
  first = a.order.id;
  const b = await createOrderFixture(ctx.db, storage, {
    clientId: a.clientId,
    photos: false,
    services: [
      { dataservico: '2026-11-04', entrada: '22:00', saida: '24:00', intervaloMin: 0 },
      { dataservico: '2026-11-05', entrada: '00:00', saida: '06:00', intervaloMin: 0 },
      { dataservico: '2026-11-06', entrada: '08:00', saida: '12:00', intervaloMin: 0, feriado: true },
    ],
    trips: { ida: { duracaoMin: 60, km: '50.0' }, volta: { duracaoMin: 60, km: '50.0' } },
    expenses: [],
  });
  second = b.order.id;
  otherClientOrder = (await createOrderFixture(ctx.db, storage, { photos: false })).order.id;
  openOrder = (await createOrderFixture(ctx.db, storage, { clientId: a.clientId, status: 'Andamento', photos: false })).order.id;
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });

describe('closing: access, preview and refusals', () => {
  it('is for admins only (401 without a session, 403 for tec and user)', async () => {
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/fechamentos'],
      ['POST', '/api/fechamentos/preview', { osIds: [first] }],
      ['POST', '/api/fechamentos', { osIds: [first] }],
      ['GET', '/api/fechamentos/1/pdf'],
      ['POST', '/api/fechamentos/1/reabrir', { motivo: 'x' }],
      ['POST', '/api/gerarpdf', { os: 1 }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, tec.cookie, payload)).statusCode, url).toBe(403);
      expect((await call(method, url, standard.cookie, payload)).statusCode, url).toBe(403);
    }
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, first));
    expect(row!.status).toBe('Concluído');
  });

  it('previews the arithmetic equal to a hand computation, storing nothing', async () => {
    const res = await call('POST', '/api/fechamentos/preview', admin, { osIds: [first, second] });
    expect(res.statusCode).toBe(200);
    const f = res.json();
    // OS 1 (docs/rules.md#hours-and-closing day 07:00-20:00, 1 h break; trips 1:30 + 1:15, 223,5 km; expenses 250,00 + 45,50 + 32,10):
    //   Normal 9 h x 120,00 = 1.080,00 x 1,35 = 1.458,00; Extra 2 h x 180,00 = 360,00 x 1,35 = 486,00;
    //   Noturna 1 h x 200,00 = 200,00 x 1,35 = 270,00; Viagem 2:45 x 80,00 = 220,00 x 1,35 = 297,00;
    //   Km 223,5 x 1,50 = 335,25; Alimentação 77,60; Hospedagem 250,00. Total 3.173,85.
    // OS 2 (night shift 22-24 + 00-06, holiday 08-12, trips 2 h, 100 km):
    //   Noturna 8 h x 200,00 = 1.600,00 x 1,35 = 2.160,00; Feriado 4 h x 240,00 = 960,00 x 1,35 = 1.296,00;
    //   Viagem 2 h x 80,00 = 160,00 x 1,35 = 216,00; Km 100 x 1,50 = 150,00. Total 3.822,00.
    expect(f.orders[0].lines.map((l: { tipo: string; totalCentavos: number }) => [l.tipo, l.totalCentavos])).toEqual([
      ['Hora Normal', 145800],
      ['Hora Extra', 48600],
      ['Hora Noturna', 27000],
      ['Hora Viagem', 29700],
      ['Km Rodado', 33525],
      ['Alimentação', 7760],
      ['Hospedagem', 25000],
    ]);
    expect(f.orders[0].totalCentavos).toBe(317385);
    expect(f.orders[1].totalCentavos).toBe(382200);
    expect(f.totalCentavos).toBe(699585);
    expect(f.percentualBasis).toBe(13500);
    expect(f.parametros.find((p: { tipo: string }) => p.tipo === 'Hora Normal')).toEqual({
      tipo: 'Hora Normal',
      inicio: '08:00',
      fim: '18:00',
      valorCentavos: 12000,
    });
    expect(await ctx.db.select().from(closings)).toHaveLength(0);
  });

  it('refuses bad selections with clear messages', async () => {
    const empty = await call('POST', '/api/fechamentos/preview', admin, { osIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Selecione ao menos uma OS concluída.');
    const notDone = await call('POST', '/api/fechamentos', admin, { osIds: [first, openOrder] });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().error).toBe('Somente OS com status Concluído podem ser fechadas.');
    const twoClients = await call('POST', '/api/fechamentos/preview', admin, { osIds: [first, otherClientOrder] });
    expect(twoClients.statusCode).toBe(400);
    expect(twoClients.json().error).toBe('Selecione OS de um único cliente por fechamento.');
    expect((await call('POST', '/api/fechamentos/preview', admin, { osIds: [999999] })).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, first));
    expect(row!.status).toBe('Concluído');
  });
});

// The tests below run in order on the closing the first one makes (numero 1).
describe('closing: closing, freezing, the PDF and reopening', () => {
  it('closes: stores the closing with its numero and figures, marks the orders Fechado, makes the PDF', async () => {
    const res = await call('POST', '/api/fechamentos', admin, { osIds: [first, second] });
    expect(res.statusCode).toBe(201);
    const closing = res.json();
    expect(closing).toMatchObject({ numero: 1, status: 'Fechado', totalCentavos: 699585, valorTotal: 6995.85, pdf: true });
    const rows = await ctx.db.select().from(orders).where(eq(orders.status, 'Fechado'));
    expect(rows.map((r) => r.id).sort()).toEqual([first, second].sort());
    const [stored] = await ctx.db.select().from(closings).where(eq(closings.numero, 1));
    expect((stored!.figures as { parametros: unknown[] }).parametros).toHaveLength(6);

    const pdf = await call('GET', '/api/fechamentos/1/pdf', admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'Fechamento Nº 00001',
      'OS 00042',
      'Hora Normal',
      '9:00 h',
      'R$ 120,00/h',
      'R$ 1.080,00',
      '× 1,35',
      'R$ 1.458,00',
      '223,5 km',
      'R$ 335,25',
      'R$ 3.173,85',
      'R$ 3.822,00',
      'R$ 6.995,85',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Página 1 de \d/);
    // Km Rodado has no time window: '–' for Início and Fim, never '00:00 00:00' (docs/rules.md#daily-use).
    expect(text).toMatch(/Km Rodado\s*–\s*–\s*R\$ [\d,.]+\/km/);
    expect(text).not.toMatch(/Km Rodado\s*00:00/);

    const list = await call('GET', '/api/fechamentos', admin);
    expect(list.json()).toEqual([
      expect.objectContaining({ numero: 1, osNumeros: [42, 43], cliente: 'Indústria São João Ação & Cia' }),
    ]);
  });

  it('freezes the records of Fechado orders (409) and refuses to close them again', async () => {
    const adminUser = { id: 1, username: 'admin', role: 'admin' } as SessionUser;
    await expect(orderForRecordWrite(ctx.db, adminUser, first)).rejects.toMatchObject({ statusCode: 409 });
    expect((await call('POST', '/api/fechamentos', admin, { osIds: [first] })).statusCode).toBe(409);
  });

  it('answers the closing PDF through POST /api/gerarpdf {os, nomeArquivo}, and still makes text PDFs', async () => {
    const res = await call('POST', '/api/gerarpdf', admin, { os: 1, nomeArquivo: 'fechamento-cliente' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('fechamento-cliente.pdf');
    expect(await pdfText(res.rawPayload)).toContain('Fechamento Nº 00001');
    expect((await call('POST', '/api/gerarpdf', admin, { os: 77 })).statusCode).toBe(404);

    const text = await call('POST', '/api/gerarpdf', admin, {
      titulo: 'Relatório de Ação',
      conteudo: 'Conteúdo com acentuação: ção, ã, é.',
      nomeArquivo: 'relatorio',
    });
    expect(text.statusCode).toBe(200);
    expect(await pdfText(text.rawPayload)).toContain('Conteúdo com acentuação: ção, ã, é.');
    expect((await call('POST', '/api/gerarpdf', admin, { titulo: 'x', conteudo: '', nomeArquivo: 'y' })).statusCode).toBe(400);
  });

  it('reopens with a reason kept in the audit trail: orders back to Concluído', async () => {
    const missing = await call('POST', '/api/fechamentos/1/reabrir', admin, { motivo: '  ' });
    expect(missing.statusCode).toBe(400);
    expect((await call('POST', '/api/fechamentos/9/reabrir', admin, { motivo: 'x' })).statusCode).toBe(404);
    const res = await call('POST', '/api/fechamentos/1/reabrir', admin, { motivo: 'Valor de km corrigido pelo cliente' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ numero: 1, status: 'Reaberto', reopenReason: 'Valor de km corrigido pelo cliente' });
    const rows = await ctx.db.select().from(orders).where(eq(orders.id, first));
    expect(rows[0]!.status).toBe('Concluído');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, first), eq(auditLog.action, 'reopen')));
    expect(JSON.stringify(audit[0]!.changes)).toContain('Valor de km corrigido pelo cliente');
    expect((await call('POST', '/api/fechamentos/1/reabrir', admin, { motivo: 'de novo' })).statusCode).toBe(409);
    // Closed again: a new numero.
    const again = await call('POST', '/api/fechamentos', admin, { osIds: [first] });
    expect(again.json().numero).toBe(2);
  });
});
