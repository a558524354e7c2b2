import {
  centavosToInput,
  datesIn,
  EXPENSE_MSG,
  parseNfceQr,
  parseReceiptText,
  parseValorToCentavos,
  type ReceiptReading,
} from '@os/shared';
import type { FastifyBaseLogger } from 'fastify';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { aiProviderConfigured, askAiProviderAboutPhoto } from '../../platform/ai-provider';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { assertImage, extractTextLocally } from '../../platform/ocr';

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

// ---------------------------------------------------------------- external provider

const RECEIPT_PROMPT =
  'Leia este comprovante de despesa brasileiro (cupom fiscal, NFC-e, nota de serviço, recibo, pedágio ou hotel). ' +
  'Responda somente com JSON: {"data": "DD/MM/AAAA", "codigo_ou_numero_do_documento": "...", "valor": "1234,56"}. ' +
  'valor é o total pago (não subtotal, não troco). Deixe vazio ("") o que não conseguir ler.';

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
 * Date, document number and value of a receipt photo (docs/api.md#records analyze-gemini). The NFC-e QR code,
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
    if (aiProviderConfigured(config)) {
      try {
        fields = fromProvider(await askAiProviderAboutPhoto(config, photo, RECEIPT_PROMPT));
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
