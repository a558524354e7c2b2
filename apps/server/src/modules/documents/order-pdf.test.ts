import type { Order } from '@os/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrderFixture } from '../../../test/factories/orders';
import { admin, ctx, otherTec, user as standard, tec, useFileApp } from '../../../test/file-app';
import { embeddedJpegs, pdfText, readPdf } from '../../../test/pdf-reader';
import { orders } from '../../db/schema';
import { PRINT_DPI } from '../../platform/pdf';
import { createLocalStorage } from '../../platform/storage';
import { ensureFullOrderPdf } from './order-pdf.service';

useFileApp();

let orderId: number;
let storage: ReturnType<typeof createLocalStorage>;

beforeAll(async () => {
  storage = createLocalStorage(ctx.dataDir);
  // The default expenses (R$ 250,00 + 45,50 + 32,10) plus one making the total R$ 1.234,56.
  const { order } = await createOrderFixture(ctx.db, storage, {
    technicianId: tec.id,
    expenses: [
      { tipo: 'Hospedagem', valorCentavos: 25000 },
      { tipo: 'Alimentação', valorCentavos: 4550 },
      { tipo: 'Alimentação', valorCentavos: 3210 },
      { tipo: 'Combustível', valorCentavos: 90696 },
    ],
  });
  orderId = order.id;
});

const post = (url: string, cookie?: string) => ctx.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The order's pdf/pdfcompleto flags as GET /api/os answers them. */
async function listedFlags(id: number) {
  const res = await get('/api/os?q=00042&limit=50', admin);
  expect(res.statusCode).toBe(200);
  const row = res.json<Order[]>().find((o) => o.id === id);
  expect(row).toBeDefined();
  return { pdf: row!.pdf, pdfcompleto: row!.pdfcompleto };
}

/**
 * Makes the order's PDF of that kind as the admin: 200 with its name and viewer path, the file stored in its
 * column, then served at that path; the answer's JSON and the viewer's answer.
 */
async function makeAndView(kind: 'pdf' | 'pdfcompleto', filename: string, viewer: string) {
  const res = await post(`/api/os/${orderId}/${kind}`, admin);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ success: true, filename, filePath: `/api/os/${orderId}/${viewer}` });
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  expect(kind === 'pdf' ? row!.pdfFile : row!.pdfcompletoFile).toMatch(/^pdfs\//);
  const view = await get(`/api/os/${orderId}/${viewer}`, admin);
  expect(view.statusCode).toBe(200);
  return { body, view };
}

describe('order PDFs: generating and viewing', () => {
  it('answers 404 with the old product text before any PDF exists', async () => {
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
    expect(await listedFlags(orderId)).toEqual({ pdf: false, pdfcompleto: false });
  });

  it('makes the order sheet: a valid PDF with the number, client, descriptions, signer; sets the flag', async () => {
    const { body, view } = await makeAndView('pdf', 'OS_00042.pdf', 'pdfviewer');
    expect(body.error).toBeNull();
    expect(await listedFlags(orderId)).toEqual({ pdf: true, pdfcompleto: false });
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(view.rawPayload);
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
    const { body, view } = await makeAndView('pdfcompleto', 'OS_00042_completo.pdf', 'pdfcompleto_os');
    expect(await listedFlags(orderId)).toEqual({ pdf: true, pdfcompleto: true });
    const { text, pages } = await readPdf(view.rawPayload);
    expect(text).toContain('Relatório Completo da OS Nº 00042');
    expect(text).toContain('R$ 250,00');
    expect(text).toContain('R$ 77,60');
    expect(text).toContain('R$ 906,96');
    // The total, with the thousands separator.
    expect(text).toContain('R$ 1.234,56');
    expect(text).toContain('Comprovantes');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain(`Código de verificação: ${body.hash}`);
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
});

// On the PDFs the tests above made.
describe('order PDFs: reuse, size and what is printed as text', () => {
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
    expect(await pdfText(await storage.read(made.key))).toContain(`Código de verificação: ${made.hash}`);
  });

  it('a full record with 20 phone-size photos stays under 10 MB and prints every photo at print size (docs/rules.md#beyond-the-old-product)', async () => {
    const { order } = await createOrderFixture(ctx.db, storage, {
      descriptions: Array.from({ length: 10 }, (_, i) => `Descrição ${i + 1}: foto do equipamento durante a manutenção.`),
      expenses: Array.from({ length: 10 }, (_, i) => ({ tipo: 'Alimentação', valorCentavos: 2500 + i })),
      photoSize: [1920, 1080],
      realisticPhotos: true,
    });
    const res = await post(`/api/os/${order.id}/pdfcompleto`, admin);
    expect(res.statusCode).toBe(200);
    const view = await get(`/api/os/${order.id}/pdfcompleto_os`, admin);
    expect(view.statusCode).toBe(200);
    // The 20 photos as stored are well over 10 MB together; the PDF is not.
    expect(view.rawPayload.length).toBeLessThan(10 * 1024 * 1024);
    // The 20 photos are stored as JPEG; the images painted at those sizes are the photos.
    const jpegs = embeddedJpegs(view.rawPayload);
    expect(jpegs).toHaveLength(20);
    const { text, images } = await readPdf(view.rawPayload, { images: true });
    const photos = images.filter((img) => jpegs.some((j) => j.width === img.width && j.height === img.height));
    expect(photos).toHaveLength(20);
    for (const img of photos) {
      // Reduced from 1920x1080 to about PRINT_DPI of the box (content width: 515 pt, so about 1431 px).
      expect(img.width).toBeLessThan(1920);
      expect(img.width / img.height).toBeCloseTo(1920 / 1080, 1);
      expect(img.xppi).toBeGreaterThanOrEqual(PRINT_DPI - 2);
      expect(img.xppi).toBeLessThanOrEqual(PRINT_DPI + 2);
      expect(img.yppi).toBeCloseTo(img.xppi, 0);
    }
    for (let i = 1; i <= 10; i++) expect(text).toContain(`Foto da descrição ${i} (03/11/2026)`);
    // Making 20 phone photos, printing them and decoding them again (pdfjs reads where each is
    // painted by decoding it) takes seconds of CPU, far more on a busy machine.
  }, 120_000);

  it('prints stored markup as the literal text it is (nothing interpreted)', async () => {
    const hostile = `<script>alert("x")</script> <img src=x onerror=alert(1)> "'><b>negrito</b> & R$`;
    const { order } = await createOrderFixture(ctx.db, storage, { descriptions: [hostile], photos: false });
    await ctx.db.update(orders).set({ motivo: hostile, responsavel: '<b>Zé</b>' }).where(eq(orders.id, order.id));
    expect((await post(`/api/os/${order.id}/pdfcompleto`, admin)).statusCode).toBe(200);
    const text = (await pdfText((await get(`/api/os/${order.id}/pdfcompleto_os`, admin)).rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('<script>alert("x")</script>');
    expect(text).toContain(`"'><b>negrito</b> & R$`);
    expect(text).toContain('<b>Zé</b>');
  });
});
