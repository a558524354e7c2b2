import {
  centavosToInput,
  datesIn,
  EXPENSE_MSG,
  type Found,
  findReceiptFields,
  parseNfceQr,
  parseValorToCentavos,
  type ReceiptConfidence,
  type ReceiptReading,
} from '@os/shared';
import type { FastifyBaseLogger } from 'fastify';
import jsQR from 'jsqr';
import { aiProviderConfigured, askAiProviderAboutPhoto } from '../../platform/ai-provider';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { openImage } from '../../platform/images';
import { assertImage, extractReceiptLinesLocally, OcrDeadlineExceeded, type OcrLine } from '../../platform/ocr';

/** The text of a QR code in the photo (tried at two scales: jsQR wants modules of a few pixels), or undefined. */
export async function readQrCode(data: Buffer): Promise<string | undefined> {
  for (const size of [1400, 800]) {
    const { data: rgba, info } = await openImage(data)
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

/** A field as read: its value and how sure the reader is of it. */
interface Read<T> {
  value: T;
  confianca: ReceiptConfidence;
}

interface Fields {
  data?: Read<string>;
  documento?: Read<string>;
  valor?: Read<number>;
}

/**
 * Below this confidence (0-100) of the OCR in a line's figures, what was read on it is in doubt. Measured on the
 * field photos of the benchmark (docs/decisions.md, receipts): the misread figures scored under it.
 */
export const MIN_DIGITS_CONFIDENCE = 80;

function fromProvider(answer: Record<string, unknown>): Fields {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  const documento = text(answer.codigo_ou_numero_do_documento).replace(/^0+(?=\d)/, '');
  const valor = answer.valor;
  const read = <T>(value: T | undefined | '') =>
    value === undefined || value === '' ? undefined : { value, confianca: 'lido' as const };
  return {
    data: read(datesIn(text(answer.data))[0]),
    documento: read(/^[\w./-]{1,40}$/.test(documento) ? documento : ''),
    valor: read(parseValorToCentavos(typeof valor === 'number' ? valor : text(valor))),
  };
}

/** A date after tomorrow is no receipt's date: the day or the month was misread. */
function inFuture(date: string, today = new Date()): boolean {
  const [d, m, y] = date.split('/').map(Number);
  return Date.UTC(y!, m! - 1, d!) > Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
}

/** The local reading: each field weighed by the parser's doubts and the OCR's confidence in its line. */
async function readLocally(photo: Buffer, log?: FastifyBaseLogger): Promise<Fields> {
  let lines: OcrLine[];
  try {
    lines = await extractReceiptLinesLocally(photo);
  } catch (err) {
    if (!(err instanceof OcrDeadlineExceeded)) throw err;
    // no receipt to be read in time: the fields stay for the technician to type
    log?.warn('Receipt OCR past its deadline; the fields are left empty');
    return {};
  }
  const found = findReceiptFields(lines.map((l) => l.text));
  const weigh = <T>(f: Found<T> | undefined, doubtful = false): Read<T> | undefined =>
    f && {
      value: f.value,
      confianca: f.doubt || doubtful || lines[f.line]!.digitsConfidence < MIN_DIGITS_CONFIDENCE ? 'confira' : 'lido',
    };
  return {
    data: weigh(found.data, found.data !== undefined && inFuture(found.data.value)),
    documento: weigh(found.documento),
    valor: weigh(found.valor),
  };
}

/**
 * Date, document number and value of a receipt photo (docs/api.md#records analyze-gemini), each marked with how
 * sure the reading is (docs/rules.md#receipts). The NFC-e QR code, when there is one, beats the text; the text
 * comes from the external provider when configured (falling back to local OCR when it fails), otherwise from
 * local OCR. Unread fields are ''.
 */
export async function readReceipt(photo: Buffer, config: Config, log?: FastifyBaseLogger): Promise<ReceiptReading> {
  await assertImage(photo);
  const external = aiProviderConfigured(config);
  // Without an external provider the text is read while the QR code is looked for (the OCR runs on its own
  // thread): most NFC-e QR codes carry neither date nor value, so the text is needed anyway.
  const local = external ? undefined : readLocally(photo, log);
  local?.catch(() => undefined); // awaited below, unless the QR code already says it all or the photo is broken
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
  // A QR code with date and value needs no text at all.
  const qrComplete = qr?.data && qr.valorCentavos !== undefined;
  if (!qrComplete) {
    if (external) {
      try {
        fields = fromProvider(await askAiProviderAboutPhoto(config, photo, RECEIPT_PROMPT));
        source = 'externo';
      } catch (err) {
        log?.warn({ err: String(err) }, 'OCR provider failed; reading the receipt locally');
      }
    }
    fields ??= await (local ?? readLocally(photo, log));
  }

  const fromQr = <T>(value: T | undefined | ''): Read<T> | undefined =>
    value === undefined || value === '' ? undefined : { value, confianca: 'qrcode' };
  const data = fromQr(qr?.data) ?? fields?.data;
  const documento = fromQr(qr?.numero) ?? fields?.documento;
  const valor = fromQr(qr?.valorCentavos) ?? fields?.valor;
  const confianca: ReceiptReading['confianca'] = {};
  if (data) confianca.data = data.confianca;
  if (documento) confianca.codigo_ou_numero_do_documento = documento.confianca;
  if (valor) confianca.valor = valor.confianca;
  return {
    data: data?.value ?? '',
    codigo_ou_numero_do_documento: documento?.value ?? '',
    valor: valor === undefined ? '' : centavosToInput(valor.value),
    cnpj: qr?.cnpj ?? '',
    fonte: qr ? (fields ? (`qrcode+${source}` as const) : 'qrcode') : source,
    confianca,
  };
}
