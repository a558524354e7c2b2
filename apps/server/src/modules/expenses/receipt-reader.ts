import {
  centavosToInput,
  datesIn,
  EXPENSE_MSG,
  parseEquipmentLabel,
  parseNfceQr,
  parseReceiptText,
  parseValorToCentavos,
  type ReceiptReading,
  type TextExtraction,
} from '@os/shared';
import type { FastifyBaseLogger } from 'fastify';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { MB, sniffMime } from '../../platform/files';
import { recognize } from '../../platform/ocr';
import { aiProviderConfigured, askAiProvider } from '../../platform/ai-provider';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/tiff', 'image/bmp']);

/** 413 above 10 MB, 415 for what is not an image by its bytes (never by its name). */
export async function assertImage(data: Buffer): Promise<void> {
  if (data.length > 10 * MB) throw new AppError(413, EXPENSE_MSG.photoTooLarge);
  const mime = await sniffMime(data);
  if (!mime || !IMAGE_TYPES.has(mime)) throw new AppError(415, EXPENSE_MSG.photoNotImage);
}

/**
 * The part of the photo that is paper: receipts are brighter than the table they lie on. Found on a
 * small thresholded copy, then cut from the full photo with a margin. The whole photo when unsure.
 */
async function cropToPaper(upright: Buffer, width: number, height: number): Promise<Buffer> {
  const small = 480;
  const scale = width / small;
  const mask = await sharp(upright).resize({ width: small }).greyscale().blur(2).threshold(170).png().toBuffer();
  const { info } = await sharp(mask).trim({ threshold: 40 }).toBuffer({ resolveWithObject: true });
  const left = -(info.trimOffsetLeft ?? 0);
  const top = -(info.trimOffsetTop ?? 0);
  if (info.width * info.height > 0.85 * small * (height / scale) || info.width < small * 0.15) return upright;
  const margin = 12;
  const x = Math.max(0, Math.floor((left - margin) * scale));
  const y = Math.max(0, Math.floor((top - margin) * scale));
  const w = Math.min(width - x, Math.ceil((info.width + 2 * margin) * scale));
  const h = Math.min(height - y, Math.ceil((info.height + 2 * margin) * scale));
  return sharp(upright).extract({ left: x, top: y, width: w, height: h }).toBuffer();
}

/**
 * The photo as Tesseract reads it best: EXIF orientation applied, cut to the paper, grey, text about
 * 30 px high (long side 1000-2000 px), contrast stretched and sharpened.
 */
export async function prepareForOcr(data: Buffer): Promise<Buffer> {
  const { data: upright, info } = await sharp(data, { failOn: 'error' }).rotate().toBuffer({ resolveWithObject: true });
  let paper: Buffer = upright;
  try {
    paper = await cropToPaper(upright, info.width, info.height);
  } catch {
    // keep the whole photo
  }
  const meta = await sharp(paper).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const long = Math.max(w, h);
  const target = long > 2000 ? 2000 : long < 1000 ? 1600 : long;
  const resize = w >= h ? { width: target } : { height: target };
  return sharp(paper).greyscale().resize(resize).normalise().sharpen().png({ compressionLevel: 1 }).toBuffer();
}

/** The text of a QR code in the photo (tried at two scales: jsQR wants modules of a few pixels), or undefined. */
export async function readQrCode(data: Buffer): Promise<string | undefined> {
  for (const size of [1400, 800]) {
    const { data: rgba, info } = await sharp(data)
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), info.width, info.height, {
      inversionAttempts: 'dontInvert',
    });
    if (code?.data) return code.data;
  }
  return undefined;
}

/** Local Portuguese OCR of a prepared photo. */
export async function extractTextLocally(data: Buffer): Promise<string> {
  return (await recognize(await prepareForOcr(data))).trim();
}

// ---------------------------------------------------------------- external provider

const RECEIPT_PROMPT =
  'Leia este comprovante de despesa brasileiro (cupom fiscal, NFC-e, nota de serviço, recibo, pedágio ou hotel). ' +
  'Responda somente com JSON: {"data": "DD/MM/AAAA", "codigo_ou_numero_do_documento": "...", "valor": "1234,56"}. ' +
  'valor é o total pago (não subtotal, não troco). Deixe vazio ("") o que não conseguir ler.';

const LABEL_PROMPT =
  'Transcreva todo o texto desta etiqueta/placa de equipamento. Responda somente com JSON: ' +
  '{"extractedText": "...", "analysis": {"fabricante": "", "modelo": "", "numero_serie": "", "tensao": "", "corrente": "", "potencia": "", "frequencia": "", "ano_fabricacao": ""}}. ' +
  'Omita em analysis os campos ausentes.';

/** Sends the photo to the configured AI provider; answers the parsed JSON of its reply. */
async function askProvider(config: Config, photo: Buffer, prompt: string): Promise<Record<string, unknown>> {
  const jpeg = await sharp(photo)
    .rotate()
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .jpeg()
    .toBuffer();
  const content = await askAiProvider(config, [
    { type: 'text', text: prompt },
    { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
  ]);
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  if (!json) throw new Error('provider reply is not JSON');
  return JSON.parse(json) as Record<string, unknown>;
}

const useProvider = aiProviderConfigured;

// ---------------------------------------------------------------- receipts

interface Fields {
  data: string;
  documento: string;
  valorCentavos: number | undefined;
}

function fromProvider(answer: Record<string, unknown>): Fields {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  const documento = text(answer.codigo_ou_numero_do_documento).replace(/^0+(?=\d)/, '');
  const valor = answer.valor;
  return {
    data: datesIn(text(answer.data))[0] ?? '',
    documento: /^[\w./-]{1,40}$/.test(documento) ? documento : '',
    valorCentavos: parseValorToCentavos(typeof valor === 'number' ? valor : text(valor)),
  };
}

/**
 * Date, document number and value of a receipt photo (spec §7 analyze-gemini). The NFC-e QR code,
 * when there is one, beats the text; the text comes from the external provider when configured
 * (falling back to local OCR when it fails), otherwise from local OCR. Unread fields are ''.
 */
export async function readReceipt(photo: Buffer, config: Config, log?: FastifyBaseLogger): Promise<ReceiptReading> {
  await assertImage(photo);
  let qrText: string | undefined;
  try {
    qrText = await readQrCode(photo);
  } catch {
    // the bytes looked like an image but do not decode
    throw new AppError(415, EXPENSE_MSG.photoNotImage);
  }
  const qr = qrText ? parseNfceQr(qrText) : undefined;

  let fields: Fields | undefined;
  let source: 'ocr' | 'externo' = 'ocr';
  // A QR code with date and value needs no OCR at all.
  const qrComplete = qr?.data && qr.valorCentavos !== undefined;
  if (!qrComplete) {
    if (useProvider(config)) {
      try {
        fields = fromProvider(await askProvider(config, photo, RECEIPT_PROMPT));
        source = 'externo';
      } catch (err) {
        log?.warn({ err: String(err) }, 'OCR provider failed; reading the receipt locally');
      }
    }
    fields ??= parseReceiptText(await extractTextLocally(photo));
  }

  const data = qr?.data || fields?.data || '';
  const documento = qr?.numero || fields?.documento || '';
  const centavos = qr?.valorCentavos ?? fields?.valorCentavos;
  return {
    data,
    codigo_ou_numero_do_documento: documento,
    valor: centavos === undefined ? '' : centavosToInput(centavos),
    cnpj: qr?.cnpj ?? '',
    fonte: qr ? (fields ? (`qrcode+${source}` as const) : 'qrcode') : source,
  };
}

/** The plain text of a photo (spec §7 extract-text): local OCR. */
export async function extractText(photo: Buffer): Promise<TextExtraction> {
  await assertImage(photo);
  return { extractedText: await extractTextLocally(photo) };
}

/** Text plus the fields of an equipment label (spec §7 analyze-gemini-rotulos); provider first when configured. */
export async function analyzeLabel(photo: Buffer, config: Config, log?: FastifyBaseLogger): Promise<TextExtraction> {
  await assertImage(photo);
  if (useProvider(config)) {
    try {
      const answer = await askProvider(config, photo, LABEL_PROMPT);
      const extractedText = typeof answer.extractedText === 'string' ? answer.extractedText : '';
      const analysis: Record<string, string> = {};
      if (answer.analysis && typeof answer.analysis === 'object') {
        for (const [k, v] of Object.entries(answer.analysis as Record<string, unknown>)) {
          if ((typeof v === 'string' || typeof v === 'number') && String(v).trim()) analysis[k] = String(v).trim();
        }
      }
      if (extractedText) return { extractedText, analysis };
    } catch (err) {
      log?.warn({ err: String(err) }, 'OCR provider failed; reading the label locally');
    }
  }
  const extractedText = await extractTextLocally(photo);
  return { extractedText, analysis: parseEquipmentLabel(extractedText) };
}
