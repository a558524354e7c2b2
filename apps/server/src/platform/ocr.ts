import { createRequire } from 'node:module';
import path from 'node:path';
import { EXPENSE_MSG } from '@os/shared';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { AppError } from './errors';
import { MB, sniffMime } from './files';

const require = createRequire(import.meta.url);

/**
 * Portuguese OCR on this machine (docs/architecture.md#chosen-parts, OCR): one long-lived tesseract.js worker,
 * created on first use, with the traineddata from @tesseract.js-data/por (never downloaded at
 * run time). Jobs run one after the other; `closeOcrWorker()` ends it when the app closes.
 */
let workerPromise: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let queued = 0;

/** OCR jobs waiting or running on the worker (GET /api/metrics). */
export const ocrQueueLength = () => queued;

function langPath(): string {
  // The LSTM-only "best_int" model: smaller and faster than the legacy+LSTM one, same accuracy here.
  const data = require('@tesseract.js-data/por') as { langPath: string };
  return path.join(path.dirname(data.langPath), '4.0.0_best_int');
}

/** The shared worker (created once; a failed start is retried on the next call). */
export function getOcrWorker(): Promise<Worker> {
  workerPromise ??= createWorker('por', OEM.LSTM_ONLY, {
    langPath: langPath(),
    gzip: true,
    cacheMethod: 'none', // Note: otherwise tesseract.js writes por.traineddata into the working directory
  }).catch((err: unknown) => {
    workerPromise = null;
    throw err;
  });
  return workerPromise;
}

/** The text of an image (PNG, JPEG, ...), read in Portuguese. Calls are queued on the one worker. */
export function recognize(image: Buffer): Promise<string> {
  queued++;
  const job = queue
    .then(async () => {
      const worker = await getOcrWorker();
      const { data } = await worker.recognize(image);
      return data.text;
    })
    .finally(() => {
      queued--;
    });
  queue = job.catch(() => undefined);
  return job;
}

/** Ends the worker (app shutdown); the next `recognize` starts a new one. */
export async function closeOcrWorker(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (!pending) return;
  await queue;
  const worker = await pending.catch(() => null);
  await worker?.terminate();
}

// ---------------------------------------------------------------- photos (receipts, labels)

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

/** Local Portuguese OCR of a prepared photo. */
export async function extractTextLocally(data: Buffer): Promise<string> {
  return (await recognize(await prepareForOcr(data))).trim();
}
