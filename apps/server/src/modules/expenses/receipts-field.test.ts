import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ctx, tec, useFileApp } from '../../../test/file-app';
import { multipart, postMultipart } from '../../../test/multipart';
import { fieldPhoto } from '../../../test/receipts/field-corpus';
import { closeOcrWorker, OcrDeadlineExceeded, recognizeLines } from '../../platform/ocr';
import { prepareReceiptForOcr } from '../../platform/ocr-image';

useFileApp();

// Receipts as a technician photographs them (docs/rules.md#receipts): tilted, shadowed, faded, reduced to
// 1920 px by the phone. Real OCR on photos the test makes; slow on 2 cores, so few photos.
const OCR_TIMEOUT = 180_000;

afterAll(() => closeOcrWorker());

async function read(lines: string[], options: { tilt: number; fade: number; shadow: number }) {
  return readPhoto(await fieldPhoto(lines, undefined, 'DejaVu Sans Mono', { ...options, cameraWidth: 4000 }, 7));
}

async function readPhoto(photo: Buffer) {
  const body = multipart({}, { field: 'image', name: 'recibo.jpg', type: 'image/jpeg', data: photo });
  const res = await postMultipart(ctx.app, '/api/mistral/analyze-gemini', tec.cookie, body);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('receipts photographed in the field', () => {
  it(
    'reads a receipt tilted 12° in a shadow, and says it is sure',
    async () => {
      const got = await read(
        ['POSTO ESTRELA DA SERRA', 'CUPOM No: 242865', 'TOTAL A PAGAR R$ 99,56', 'DATA 20/08/2026 HORA 06:51'],
        { tilt: 12, fade: 0.1, shadow: 0.5 },
      );
      expect(got).toMatchObject({ data: '20/08/2026', codigo_ou_numero_do_documento: '242865', valor: '99,56', fonte: 'ocr' });
      expect(got.confianca).toEqual({ data: 'lido', codigo_ou_numero_do_documento: 'lido', valor: 'lido' });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a receipt with its corner in deep shadow, the shaded words kept as paper and the zeros read as zeros',
    async () => {
      const got = await read(
        [
          'PANIFICADORA TRIGO DOURADO',
          'Recibo n. 0518148',
          '20 jan 2026',
          '3 CAFE COM LEITE',
          'TOTAL 51,80',
          'RECEBIDO 71,80 TROCO 20,00',
        ],
        { tilt: -5.5, fade: 0.2, shadow: 0.8 },
      );
      expect(got).toMatchObject({ data: '20/01/2026', codigo_ou_numero_do_documento: '518148', valor: '51,80', fonte: 'ocr' });
    },
    OCR_TIMEOUT,
  );

  it(
    'gives up on a photo of clutter at its deadline, and the next receipt is read by a fresh worker',
    async () => {
      // Grey blobs and grain, no paper and no lines: Tesseract would spend a minute or more on it.
      const blobs = await sharp({
        create: {
          width: 480,
          height: 360,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      const clutter = await sharp(blobs).resize(1920, 1440, { kernel: 'cubic' }).jpeg().toBuffer();
      await expect(recognizeLines(await prepareReceiptForOcr(clutter), 300)).rejects.toBeInstanceOf(OcrDeadlineExceeded);

      const got = await read(['POSTO ESTRELA DA SERRA', 'CUPOM No: 112358', 'TOTAL A PAGAR R$ 45,10', 'DATA 02/03/2026'], {
        tilt: 3,
        fade: 0.1,
        shadow: 0.2,
      });
      expect(got).toMatchObject({ data: '02/03/2026', codigo_ou_numero_do_documento: '112358', valor: '45,10' });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a close-up, the receipt filling the photo with large letters (no table around it)',
    async () => {
      const lines = ['POSTO SAO JUDAS TADEU LTDA', 'Extrato No. 045127', 'TOTAL R$ 1.219,82', 'Emissao: 21/11/2026 14:32'];
      const text = lines
        .map((l, i) => `<text x="40" y="${70 + i * 56}" font-family="DejaVu Sans Mono" font-size="36">${l}</text>`)
        .join('');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="300"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
      const got = await readPhoto(await sharp(Buffer.from(svg)).jpeg().toBuffer());
      expect(got).toMatchObject({ data: '21/11/2026', codigo_ou_numero_do_documento: '45127', valor: '1219,82' });
    },
    OCR_TIMEOUT,
  );

  it(
    'marks what it cannot be sure of: two totals that disagree, a date not yet come, a number cut by a sign',
    async () => {
      const got = await read(
        ['HOTEL SERRANO CENTRO', 'NFS-e Numero: 7/8341', 'VALOR PAGO R$ 783,56', 'TOTAL A PAGAR R$ 83,56', 'Emissao: 14/03/2099'],
        { tilt: -4, fade: 0.25, shadow: 0.3 },
      );
      // Filled, so the technician does not retype, but marked 'Confira este valor' in the form.
      expect(got.confianca).toEqual({ data: 'confira', codigo_ou_numero_do_documento: 'confira', valor: 'confira' });
      expect(got.data).toBe('14/03/2099');
    },
    OCR_TIMEOUT,
  );
});
