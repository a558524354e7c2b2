import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXPENSE_MSG } from '@os/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, ctx, tec, useFileApp, user } from '../../../test/file-app';
import { createTestApp, type TestContext } from '../../../test/helper';
import { multipart, postMultipart } from '../../../test/multipart';
import { makeAccessKey, renderReceipt } from '../../../test/receipts/receipt-images';

useFileApp();

// Real Portuguese OCR (tesseract.js) on images the test draws; slow on 2 cores, so few images.
const OCR_TIMEOUT = 180_000;

const CUPOM = [
  'POSTO SAO JUDAS TADEU LTDA',
  'CNPJ: 12.345.678/0001-95',
  'CUPOM FISCAL ELETRONICO - SAT',
  'Extrato No. 045127',
  'GASOLINA COMUM 35,512 L   219,82',
  'TOTAL R$               1.219,82',
  'Dinheiro               1.250,00',
  'Troco R$                  30,18',
  'Emissao: 21/11/2026 14:32:10',
];
/** What the receipt's text says: the date, the number and the total (not the payment, not TROCO). */
const CUPOM_FIELDS = { data: '21/11/2026', codigo_ou_numero_do_documento: '45127', valor: '1219,82' };

let cupom: Buffer;

beforeAll(async () => {
  cupom = await renderReceipt(CUPOM, { rotate: 2 });
}, OCR_TIMEOUT);

function postImage(app: TestContext['app'], url: string, cookie: string | undefined, data: Buffer, type = 'image/jpeg') {
  const body = multipart({}, { field: 'image', name: 'foto.jpg', type, data });
  return app.inject({ method: 'POST', url, headers: { ...body.headers, ...(cookie ? { cookie } : {}) }, payload: body.payload });
}

describe('POST /api/mistral/analyze-gemini', () => {
  it(
    'reads date, number and total (not the payment, not TROCO) from a slightly rotated receipt photo by local OCR',
    async () => {
      const res = await postImage(ctx.app, '/api/mistral/analyze-gemini', tec.cookie, cupom);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...CUPOM_FIELDS,
        cnpj: '',
        fonte: 'ocr',
        confianca: { data: 'lido', codigo_ou_numero_do_documento: 'lido', valor: 'lido' },
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'takes number and CNPJ from the NFC-e QR code over the printed text; date and value from the text',
    async () => {
      const key = makeAccessKey('11222333000181', 4521);
      const photo = await renderReceipt(
        ['RESTAURANTE SABOR MINEIRO', 'NFC-e No 999 Serie 1', 'Emissao 18/11/2026 12:41', 'Valor a pagar R$ 73,80'],
        { qr: `https://www.nfce.fazenda.sp.gov.br/qrcode?p=${key}|2|1|1|A1B2C3D4`, rotate: -1.5 },
      );
      const res = await postImage(ctx.app, '/api/mistral/analyze-gemini', tec.cookie, photo);
      expect(res.json()).toEqual({
        data: '18/11/2026',
        codigo_ou_numero_do_documento: '4521',
        valor: '73,80',
        cnpj: '11222333000181',
        fonte: 'qrcode+ocr',
        // The tax authority's number from the QR code is marked as such; the date and value were read.
        confianca: { data: 'lido', codigo_ou_numero_do_documento: 'qrcode', valor: 'lido' },
      });
    },
    OCR_TIMEOUT,
  );

  it('reads everything from an offline NFC-e QR code (day and value in it) without OCR', async () => {
    const key = makeAccessKey('98765432000110', 12345, '2610');
    const photo = await renderReceipt(['SUPERMERCADO'], {
      qr: `http://nfce.sefaz.ba.gov.br/qrcode?p=${key}|2|1|07|250.40|ab12|1|FF00`,
    });
    const res = await postImage(ctx.app, '/api/mistral/analyze-gemini', tec.cookie, photo);
    expect(res.json()).toEqual({
      data: '07/10/2026',
      codigo_ou_numero_do_documento: '12345',
      valor: '250,40',
      cnpj: '98765432000110',
      fonte: 'qrcode',
      confianca: { data: 'qrcode', codigo_ou_numero_do_documento: 'qrcode', valor: 'qrcode' },
    });
  });

  it('answers 415 for a file that is not an image and 413 above 10 MB; 400 without a file', async () => {
    const notImage = await postImage(
      ctx.app,
      '/api/mistral/analyze-gemini',
      tec.cookie,
      Buffer.from('texto qualquer'),
      'image/png',
    );
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error).toBe(EXPENSE_MSG.photoNotImage);
    const big = await postImage(
      ctx.app,
      '/api/mistral/analyze-gemini',
      tec.cookie,
      Buffer.concat([cupom, Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    const none = multipart({ x: '1' });
    const res = await postMultipart(ctx.app, '/api/mistral/analyze-gemini', tec.cookie, none);
    expect(res.statusCode).toBe(400);
  });

  it('role matrix: 401 without a session; every signed-in role may read receipts; the test-page routes are admin only', async () => {
    const png = Buffer.from('not an image');
    expect((await postImage(ctx.app, '/api/mistral/analyze-gemini', undefined, png)).statusCode).toBe(401);
    for (const cookie of [tec.cookie, user.cookie, admin]) {
      // 415 proves the role passed (the body was read and judged)
      expect((await postImage(ctx.app, '/api/mistral/analyze-gemini', cookie, png)).statusCode).toBe(415);
    }
    for (const url of ['/api/mistral/extract-text', '/api/mistral/analyze-gemini-rotulos']) {
      expect((await postImage(ctx.app, url, undefined, png)).statusCode).toBe(401);
      expect((await postImage(ctx.app, url, tec.cookie, png)).statusCode).toBe(403);
      expect((await postImage(ctx.app, url, user.cookie, png)).statusCode).toBe(403);
      expect((await postImage(ctx.app, url, admin, png)).statusCode).toBe(415);
    }
  });
});

describe('POST /api/mistral/analyze-gemini-rotulos', () => {
  it(
    'answers the text and the fields of an equipment label',
    async () => {
      const label = await renderReceipt([
        'MOTOR DE INDUCAO TRIFASICO',
        'Fabricante: WEG',
        'Modelo: W22',
        'No Serie: 1045893221',
        'Potencia: 7,5 kW   60 Hz',
        'Tensao: 220/380 V',
      ]);
      const res = await postImage(ctx.app, '/api/mistral/analyze-gemini-rotulos', admin, label);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.extractedText).toContain('MOTOR DE INDUCAO');
      expect(body.analysis).toMatchObject({
        fabricante: 'WEG',
        modelo: 'W22',
        numero_serie: '1045893221',
        potencia: '7,5 KW',
        tensao: '220/380 V',
      });
    },
    OCR_TIMEOUT,
  );
});

describe('external provider (OCR_PROVIDER=openai)', () => {
  let server: http.Server;
  let url: string;
  let mode: 'fail' | 'ok' = 'fail';
  const seen: { auth?: string; model?: string; hasImage: boolean }[] = [];
  let providerApp: TestContext;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const body = JSON.parse(raw) as { model: string; messages: { content: { type: string }[] }[] };
        seen.push({
          auth: req.headers.authorization,
          model: body.model,
          hasImage: body.messages[0]!.content.some((c) => c.type === 'image_url'),
        });
        if (req.url !== '/v1/chat/completions' || mode === 'fail') {
          res.writeHead(503).end('indisponível');
          return;
        }
        const content = '```json\n{"data": "2026-11-05", "codigo_ou_numero_do_documento": "000318", "valor": 150}\n```';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    providerApp = await createTestApp({
      OCR_PROVIDER: 'openai',
      OCR_API_URL: url,
      OCR_API_KEY: 'chave-teste',
      OCR_MODEL: 'visao-1',
    });
  }, OCR_TIMEOUT);
  afterAll(async () => {
    await providerApp.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the photo to the provider and answers its reading', async () => {
    mode = 'ok';
    const cookie = (await providerApp.signedIn('tec')).cookie;
    const res = await postImage(providerApp.app, '/api/mistral/analyze-gemini', cookie, cupom);
    expect(res.json()).toEqual({
      data: '05/11/2026',
      codigo_ou_numero_do_documento: '318',
      valor: '150,00',
      cnpj: '',
      fonte: 'externo',
      confianca: { data: 'lido', codigo_ou_numero_do_documento: 'lido', valor: 'lido' },
    });
    expect(seen.at(-1)).toEqual({ auth: 'Bearer chave-teste', model: 'visao-1', hasImage: true });
  });

  it(
    'falls back to local OCR when the provider fails',
    async () => {
      mode = 'fail';
      const before = seen.length;
      const cookie = (await providerApp.signedIn('tec')).cookie;
      const res = await postImage(providerApp.app, '/api/mistral/analyze-gemini', cookie, cupom);
      expect(seen.length).toBe(before + 1);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...CUPOM_FIELDS, fonte: 'ocr' });
    },
    OCR_TIMEOUT,
  );
});
