import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { EXTRACT_MSG, GERAR_MSG, UPLOAD_DOC_MSG } from '@os/shared';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { admin, ctx, tec, useFileApp, user } from '../../../test/file-app';
import { readPdf } from '../../../test/pdf-reader';
import { send } from '../../../test/requests';
import { PDF_FONTS, renderPdf } from '../../platform/pdf';

useFileApp();

/** A multipart/form-data body with one file. */
function multipart(field: string, filename: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----teste${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(url: string, cookie: string | undefined, body: ReturnType<typeof multipart>) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

describe('POST /api/extract-text', () => {
  it('answers the text of every page in order, accents kept', async () => {
    const pdf = await renderPdf({ title: 'Teste' }, (doc) => {
      doc.text('Primeira página: manutenção do gerador.');
      doc.addPage().text('Segunda página: ação corretiva, coração, ônibus.');
      doc.addPage().text('Terceira página: conclusão.');
    });
    const res = await upload('/api/extract-text', admin, multipart('pdfFile', 'relatório.pdf', pdf, 'application/pdf'));
    expect(res.statusCode).toBe(200);
    const { extractedText, paginas, paginasOcr } = res.json();
    expect(paginas).toBe(3);
    expect(paginasOcr).toBe(0);
    const first = extractedText.indexOf('Primeira página: manutenção do gerador.');
    const second = extractedText.indexOf('Segunda página: ação corretiva, coração, ônibus.');
    const third = extractedText.indexOf('Terceira página: conclusão.');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
    // pdfjs-dist's polyfills stay in its worker: the server's own JSON.stringify and Array push are native.
    expect(Function.prototype.toString.call(JSON.stringify)).toContain('[native code]');
    expect(Function.prototype.toString.call(Array.prototype.push)).toContain('[native code]');
  });

  it('reads a scanned PDF (an image of text, no text layer) by OCR', async () => {
    const canvas = createCanvas(1240, 600);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 1240, 600);
    ctx.fillStyle = '#000000';
    ctx.font = '56px sans-serif';
    ctx.fillText('Relatório de manutenção', 80, 200);
    ctx.fillText('Gerador inspecionado', 80, 320);
    const image = canvas.toBuffer('image/png');
    const pdf = await renderPdf({ title: 'Digitalizado', margin: 0 }, (doc) => {
      doc.image(image, 0, 0, { width: doc.page.width });
    });
    const res = await upload('/api/extract-text', admin, multipart('pdfFile', 'scan.pdf', pdf, 'application/pdf'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.paginasOcr).toBe(1);
    expect(body.extractedText).toMatch(/Relat[óo]rio de manuten[çc][ãa]o/);
    expect(body.extractedText).toContain('Gerador inspecionado');
  }, 120_000);

  it('refuses a file that is not a PDF by its bytes (415), whatever its name', async () => {
    const res = await upload('/api/extract-text', admin, multipart('pdfFile', 'falso.pdf', await png(), 'application/pdf'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(EXTRACT_MSG.invalidPdf);
  });

  it('refuses a PDF over 10 MB (413)', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const res = await upload('/api/extract-text', admin, multipart('pdfFile', 'grande.pdf', big, 'application/pdf'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(EXTRACT_MSG.tooLarge);
  });

  it('answers a clear 400 for an encrypted PDF and for a broken one', async () => {
    const encrypted = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ userPassword: 'segredo', ownerPassword: 'dono' });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.font(PDF_FONTS.regular).text('Confidencial');
      doc.end();
    });
    const res = await upload('/api/extract-text', admin, multipart('pdfFile', 'senha.pdf', encrypted));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(EXTRACT_MSG.encrypted);

    const broken = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\nendobj\ntrailer <<>>\n%%EOF');
    const res2 = await upload('/api/extract-text', admin, multipart('pdfFile', 'quebrado.pdf', broken));
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error).toBe(EXTRACT_MSG.broken);
  });

  it('asks for a PDF when the field is missing or misnamed', async () => {
    const res = await upload('/api/extract-text', admin, multipart('arquivo', 'a.pdf', Buffer.from('%PDF-1.4')));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(EXTRACT_MSG.invalidPdf);
  });
});

describe('Repositório de Documentação: /api/uploadDocs', () => {
  it('stores a PNG, lists it newest first, and serves it to signed-in users only', async () => {
    const first = await upload('/api/uploadDocs', admin, multipart('image', 'planta.png', await png(), 'image/png'));
    expect(first.statusCode).toBe(201);
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } })
      .jpeg()
      .toBuffer();
    const second = await upload('/api/uploadDocs', admin, multipart('image', 'C:\\fotos\\manual.jpg', jpeg, 'image/jpeg'));
    expect(second.statusCode).toBe(201);
    const doc = second.json();
    expect(doc).toMatchObject({ name: 'manual.jpg', size: jpeg.length });
    expect(doc.url).toBe(`/uploadDocs/${doc.filename}`);

    const list = await send(admin, 'GET', '/api/uploadDocs');
    expect(list.statusCode).toBe(200);
    const names = list.json().map((d: { name: string }) => d.name);
    expect(names.slice(0, 2)).toEqual(['manual.jpg', 'planta.png']);
    expect(Date.parse(list.json()[0].uploadTime)).not.toBeNaN();

    const file = await send(tec.cookie, 'GET', doc.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(jpeg)).toBe(true);

    const anonymous = await ctx.app.inject({ method: 'GET', url: doc.url });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses what is not a JPG or PNG by its bytes (415) and images over 5 MB (413), storing nothing', async () => {
    const before = (await send(admin, 'GET', '/api/uploadDocs')).json().length;
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const notImage = await upload('/api/uploadDocs', admin, multipart('image', 'foto.png', gif, 'image/png'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error).toBe(UPLOAD_DOC_MSG.invalidImage);

    const text = await upload(
      '/api/uploadDocs',
      admin,
      multipart('image', 'foto.jpg', Buffer.from('não é imagem'), 'image/jpeg'),
    );
    expect(text.statusCode).toBe(415);

    const truncated = (await png(400, 400)).subarray(0, 200);
    expect((await upload('/api/uploadDocs', admin, multipart('image', 'cortada.png', truncated))).statusCode).toBe(415);

    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload('/api/uploadDocs', admin, multipart('image', 'grande.png', big, 'image/png'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe(UPLOAD_DOC_MSG.tooLarge);

    const after = (await send(admin, 'GET', '/api/uploadDocs')).json().length;
    expect(after).toBe(before);
    expect(fs.readdirSync(path.join(ctx.dataDir, 'uploadDocs')).length).toBe(after);
  });

  it('never serves a file outside the repository nor one it did not record', async () => {
    fs.writeFileSync(path.join(ctx.dataDir, 'segredo.txt'), 'segredo');
    fs.writeFileSync(path.join(ctx.dataDir, 'uploadDocs', 'solto.png'), await png());
    for (const url of [
      '/uploadDocs/..%2Fsegredo.txt',
      '/uploadDocs/%2E%2E%2Fsegredo.txt',
      '/uploadDocs/solto.png',
      '/uploadDocs/nada.png',
    ]) {
      const res = await send(admin, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('segredo');
    }
  });
});

describe('Gerar Prompt and Gerar PDF', () => {
  it('builds a structured Portuguese prompt from the title and content', async () => {
    const res = await send(admin, 'POST', '/api/gerarprompt', {
      titulo: 'Relatório de visita',
      conteudo: 'Troca do disjuntor na subestação.',
    });
    expect(res.statusCode).toBe(200);
    const { prompt } = res.json();
    expect(prompt).toContain('Relatório de visita');
    expect(prompt).toContain('Troca do disjuntor na subestação.');
    expect(prompt).toMatch(/## Papel[\s\S]*## Contexto[\s\S]*## Tarefa[\s\S]*## Formato da resposta/);
  });

  it('refuses an empty title with the field named', async () => {
    const res = await send(admin, 'POST', '/api/gerarprompt', { titulo: '  ', conteudo: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('titulo');
    expect(res.json().error).toContain(GERAR_MSG.tituloRequired);
  });

  it('answers a valid PDF with the title and content in its text, keeping a copy on the server', async () => {
    const res = await send(admin, 'POST', '/api/gerarpdf', {
      titulo: 'Inspeção Anual',
      conteudo: 'Conteúdo com acentuação: manutenção.',
      nomeArquivo: 'inspeção-2026-03-04',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('inspeção-2026-03-04.pdf')}`);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain('Inspeção Anual');
    expect(text).toContain('Conteúdo com acentuação: manutenção.');
    expect(text).toContain('Página 1 de 1');
    const saved = res.headers['x-pdf-salvo'] as string;
    expect(saved).toMatch(/^pdfs\/inspecao-2026-03-04_\d{14}_[0-9a-f]{8}\.pdf$/);
    expect(fs.readFileSync(path.join(ctx.dataDir, saved)).equals(res.rawPayload)).toBe(true);
  });

  it('names the file as asked, without the date and without doubling .pdf', async () => {
    const res = await send(admin, 'POST', '/api/gerarpdf', { titulo: 'T', conteudo: 'C', nomeArquivo: 'documento-gerado.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="documento-gerado\.pdf"/);
  });

  it('numbers every page of a long document', async () => {
    const res = await send(admin, 'POST', '/api/gerarpdf', {
      titulo: 'Longo',
      conteudo: 'Linha de texto.\n'.repeat(150),
      nomeArquivo: 'longo',
    });
    const { text, pages } = await readPdf(res.rawPayload);
    const labels = [...text.matchAll(/Página (\d+) de (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const total = labels[0]?.[1] ?? 0;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(labels).toEqual(Array.from({ length: total }, (_, i) => [i + 1, total]));
    expect(pages).toHaveLength(total);
  });

  it('refuses a missing file name and one with a path', async () => {
    for (const nomeArquivo of ['', '../x']) {
      const res = await send(admin, 'POST', '/api/gerarpdf', { titulo: 'T', conteudo: 'C', nomeArquivo });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('nomeArquivo');
    }
  });
});

describe('role matrix', () => {
  const routes = [
    { method: 'POST' as const, url: '/api/extract-text' },
    { method: 'GET' as const, url: '/api/uploadDocs' },
    { method: 'POST' as const, url: '/api/uploadDocs' },
    { method: 'POST' as const, url: '/api/gerarprompt' },
    { method: 'POST' as const, url: '/api/gerarpdf' },
  ];
  it.each(routes)('$method $url: 401 without a session, 403 for tec and user', async ({ method, url }) => {
    expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method, url, headers: { cookie: tec.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method, url, headers: { cookie: user.cookie } })).statusCode).toBe(403);
  });
  it('admin passes the check on each (then meets validation)', async () => {
    for (const { method, url } of routes) {
      const res = await ctx.app.inject({ method, url, headers: { cookie: admin } });
      expect([200, 400], `${method} ${url}`).toContain(res.statusCode);
    }
  });
});
