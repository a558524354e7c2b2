import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { orders } from '../../db/schema';
import { createLocalStorage } from '../../platform/storage';
import { createOrderFixture } from './order-fixture';
import { ensureFullOrderPdf } from './order-pdf.service';
import { pdfText } from './pdf-text.test-util';

let ctx: TestContext;
let admin: string;
let tec: { id: number; cookie: string };
let otherTec: { id: number; cookie: string };
let standard: { id: number; cookie: string };
let orderId: number;
let storage: ReturnType<typeof createLocalStorage>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.loginAdmin();
  tec = await ctx.signedIn('tec');
  otherTec = await ctx.signedIn('tec');
  standard = await ctx.signedIn('user');
  storage = createLocalStorage(ctx.dataDir);
  const { order } = await createOrderFixture(ctx.db, storage, { technicianId: tec.id });
  orderId = order.id;
});
afterAll(() => ctx.close());

const post = (url: string, cookie?: string) => ctx.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('order PDFs', () => {
  it('answers 404 with the spec text before any PDF exists', async () => {
    for (const path of ['pdfviewer', 'pdfcompleto_os']) {
      const res = await get(`/api/os/${orderId}/${path}`, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'PDF não disponível para esta OS.' });
    }
    expect((await get('/api/os/999999/pdfviewer', admin)).statusCode).toBe(404);
  });

  it('refuses generation to everyone but admins (401, 403)', async () => {
    for (const kind of ['pdf', 'pdfcompleto']) {
      expect((await post(`/api/os/${orderId}/${kind}`)).statusCode).toBe(401);
      expect((await post(`/api/os/${orderId}/${kind}`, tec.cookie)).statusCode).toBe(403);
      expect((await post(`/api/os/${orderId}/${kind}`, standard.cookie)).statusCode).toBe(403);
    }
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.pdfFile).toBeNull();
  });

  it('makes the order sheet: a valid PDF with the number, client, descriptions, signer; sets the flag', async () => {
    const res = await post(`/api/os/${orderId}/pdf`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      error: null,
      filename: 'OS_00042.pdf',
      filePath: `/api/os/${orderId}/pdfviewer`,
    });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.pdfFile).toMatch(/^pdfs\//);

    const view = await get(`/api/os/${orderId}/pdfviewer`, admin);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(view.rawPayload);
    expect(text).toContain('Ordem de Serviço Nº 00042');
    expect(text).toContain('Indústria São João Ação & Cia');
    expect(text).toContain('Troca do rolamento do eixo principal; lubrificação e testes de pressão.');
    expect(text).toContain('Calibração concluída às 19h, equipamento em operação.');
    expect(text).toContain('Assinado por: Maria Conceição');
    expect(text).toContain('Em: 03/11/2026 20:10');
    expect(text).toMatch(/Página 1 de \d/);
    expect(text).toContain(`Código de verificação: ${body.hash}`);
    expect(text).toContain('Técnica Assistência Ltda');
    // The sheet has no expenses.
    expect(text).not.toContain('Despesas');
  });

  it('makes the full record with expenses and totals in R$, code on every page', async () => {
    const res = await post(`/api/os/${orderId}/pdfcompleto`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      filename: 'OS_00042_completo.pdf',
      filePath: `/api/os/${orderId}/pdfcompleto_os`,
    });
    const view = await get(`/api/os/${orderId}/pdfcompleto_os`, admin);
    expect(view.statusCode).toBe(200);
    const text = pdfText(view.rawPayload);
    expect(text).toContain('Relatório Completo da OS Nº 00042');
    expect(text).toContain('R$ 250,00');
    expect(text).toContain('R$ 77,60');
    expect(text).toContain('R$ 327,60');
    expect(text).toContain('Comprovantes');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain(`Código de verificação: ${res.json().hash}`);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Página ${i + 1} de ${pages.length}`);
  });

  it('lets the assigned technician view, not another technician nor an unassigned standard user', async () => {
    expect((await get(`/api/os/${orderId}/pdfviewer`)).statusCode).toBe(401);
    expect((await get(`/api/os/${orderId}/pdfviewer`, tec.cookie)).statusCode).toBe(200);
    expect((await get(`/api/os/${orderId}/pdfcompleto_os`, tec.cookie)).statusCode).toBe(200);
    expect((await get(`/api/os/${orderId}/pdfviewer`, otherTec.cookie)).statusCode).toBe(403);
    expect((await get(`/api/os/${orderId}/pdfcompleto_os`, standard.cookie)).statusCode).toBe(403);
  });

  it('regenerating replaces the file and removes the old one', async () => {
    const [before] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const res = await post(`/api/os/${orderId}/pdfcompleto`, admin);
    expect(res.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after!.pdfcompletoFile).not.toBe(before!.pdfcompletoFile);
    await expect(storage.read(before!.pdfcompletoFile!)).rejects.toThrow();
    expect((await storage.read(after!.pdfcompletoFile!)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('ensureFullOrderPdf reuses the existing full PDF and makes one when missing', async () => {
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const deps = { db: ctx.db, storage };
    const user = { id: 1, username: 'admin', role: 'admin' as const, nome_completo: 'Administrador', email: 'admin@localhost' };
    const same = await ensureFullOrderPdf(deps, orderId, user as never);
    expect(same.key).toBe(row!.pdfcompletoFile);
    expect(same.hash).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);

    const { order } = await createOrderFixture(ctx.db, storage, { photos: false });
    const made = await ensureFullOrderPdf(deps, order.id, user as never);
    const [fresh] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(fresh!.pdfcompletoFile).toBe(made.key);
    expect(pdfText(await storage.read(made.key))).toContain(`Código de verificação: ${made.hash}`);
  });
});
