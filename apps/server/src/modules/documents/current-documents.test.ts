// docs/rules.md#daily-use: a PDF shown, downloaded or e-mailed is the order as it is now; the
// sent-mail history keeps opening the version that went out. The PDFs are read back with pdfjs-dist.
import type { SentEmail } from '@os/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrderFixture } from '../../../test/factories/orders';
import { admin, ctx, tec, useFileApp } from '../../../test/file-app';
import { descriptions, orders } from '../../db/schema';
import { createLocalStorage } from '../../platform/storage';
import { extractPdfText } from './pdf-text';

useFileApp();

let orderId: number;
let numero: number;

const text = async (data: Buffer) => (await extractPdfText(data)).text;
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  const storage = createLocalStorage(ctx.dataDir);
  const { order } = await createOrderFixture(ctx.db, storage, {
    technicianId: tec.id,
    status: 'Aberto',
    signature: false,
    descriptions: ['Visita inicial.'],
    photos: false,
  });
  orderId = order.id;
  numero = order.numero;
});

describe('current order documents', () => {
  it("'Visualizar PDF' and the download give the order as it is after a change, not the stored version", async () => {
    expect((await ctx.app.inject({ method: 'POST', url: `/api/os/${orderId}/pdf`, headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/os/${orderId}/pdfcompleto`, headers: { cookie: admin } })).statusCode,
    ).toBe(200);
    const before = await text((await get(`/api/os/${orderId}/pdfcompleto_os`, admin)).rawPayload);
    expect(before).toContain('Aberto');
    expect(before).not.toContain('Bomba d’água trocada no local.');

    // The clerk changes the order and the technician's record grows.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/os/${orderId}`,
      headers: { cookie: admin },
      payload: { status: 'Concluído', motivo: 'Vazamento na bomba d’água' },
    });
    expect(put.statusCode).toBe(200);
    await ctx.db.insert(descriptions).values({ orderId, data: '2026-11-04', descricao: 'Bomba d’água trocada no local.' });

    for (const path of ['pdfcompleto_os', 'pdfviewer']) {
      const res = await get(`/api/os/${orderId}/${path}`, admin);
      expect(res.statusCode).toBe(200);
      const now = await text(res.rawPayload);
      expect(now).toContain('Concluído');
      expect(now).toContain('Vazamento na bomba d’água');
      expect(now).toContain('Bomba d’água trocada no local.');
    }
    // The assigned technician sees the same current version.
    expect(await text((await get(`/api/os/${orderId}/pdfviewer`, tec.cookie)).rawPayload)).toContain(
      'Bomba d’água trocada no local.',
    );
  });

  it('an unchanged order keeps its stored PDF (same file, same code)', async () => {
    const [first] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    await get(`/api/os/${orderId}/pdfcompleto_os`, admin);
    const [second] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(second!.pdfcompletoFile).toBe(first!.pdfcompletoFile);
  });

  it("the e-mail carries the current version; 'Ver Anexo' keeps opening the version that was sent", async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/sendMail/os',
        headers: { cookie: admin },
        payload: {
          to: 'cliente@exemplo.com.br',
          subject: `Documento: Ordem de Serviço - Número: ${numero}`,
          tipoDocumento: 'Ordem de Serviço',
          numeroOS_Fechamento: String(numero),
          text: 'Segue a OS.',
        },
      });
    await ctx.db.insert(descriptions).values({ orderId, data: '2026-11-05', descricao: 'Retorno para teste de pressão.' });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const sent = first.json().email as SentEmail;
    const anexo = async () => text((await get(`/api/sendmail/emails/${sent.id}/anexo`, admin)).rawPayload);
    expect(await anexo()).toContain('Retorno para teste de pressão.');

    // A later change: the next view shows it, the sent message's attachment stays as it went out.
    await ctx.db.insert(descriptions).values({ orderId, data: '2026-11-06', descricao: 'Cliente pediu orçamento de peças.' });
    expect(await text((await get(`/api/os/${orderId}/pdfcompleto_os`, admin)).rawPayload)).toContain(
      'Cliente pediu orçamento de peças.',
    );
    const old = await anexo();
    expect(old).toContain('Retorno para teste de pressão.');
    expect(old).not.toContain('Cliente pediu orçamento de peças.');

    // Sending again attaches the newest version.
    const again = await send();
    const second = again.json().email as SentEmail;
    expect(second.anexoHash).not.toBe(sent.anexoHash);
    expect(await text((await get(`/api/sendmail/emails/${second.id}/anexo`, admin)).rawPayload)).toContain(
      'Cliente pediu orçamento de peças.',
    );
  });
});
