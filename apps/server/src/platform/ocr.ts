import { createRequire } from 'node:module';
import path from 'node:path';
import { EXPENSE_MSG } from '@os/shared';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { AppError } from './errors';
import { MB, sniffMime } from './files';
import { prepareReceiptForOcr, prepareTextForOcr } from './ocr-image';

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

/** A job that ran past its deadline; the worker was ended so that the jobs after it can run. */
export class OcrDeadlineExceeded extends Error {}

/** Ends the worker now, whatever it is doing; the next job starts a new one. */
async function endWorker(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  const worker = await pending?.catch(() => null);
  await worker?.terminate();
}

/** Runs a job on the one worker, after the jobs before it; past `deadlineMs` (from its start) the worker is ended. */
function onWorker<T>(job: (worker: Worker) => Promise<T>, deadlineMs?: number): Promise<T> {
  queued++;
  const run = queue
    .then(async () => {
      const worker = await getOcrWorker();
      if (deadlineMs === undefined) return job(worker);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new OcrDeadlineExceeded(`OCR past ${deadlineMs} ms`)), deadlineMs);
      });
      try {
        return await Promise.race([job(worker), deadline]);
      } catch (err) {
        if (err instanceof OcrDeadlineExceeded) await endWorker();
        throw err;
      } finally {
        clearTimeout(timer);
      }
    })
    .finally(() => {
      queued--;
    });
  queue = run.catch(() => undefined);
  return run;
}

/** The text of an image (PNG, JPEG, ...), read in Portuguese. Calls are queued on the one worker. */
export function recognize(image: Buffer): Promise<string> {
  return onWorker(async (worker) => (await worker.recognize(image)).data.text);
}

/** A line of text as the OCR read it, with its confidence (0-100) in the least sure word that holds a digit. */
export interface OcrLine {
  text: string;
  digitsConfidence: number;
}

/**
 * A receipt's reading takes well under a second; a photo of clutter (no paper, no lines) can keep Tesseract busy
 * for a minute or more, and every reading queued behind it waits (docs/rules.md#receipts).
 */
export const RECEIPT_OCR_DEADLINE_MS = 15_000;

/**
 * The lines of an image's text, each with the OCR's confidence in its figures (docs/rules.md#receipts). Rejects
 * with OcrDeadlineExceeded past `deadlineMs`.
 */
export function recognizeLines(image: Buffer, deadlineMs = RECEIPT_OCR_DEADLINE_MS): Promise<OcrLine[]> {
  return onWorker(async (worker) => {
    const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
    const lines = (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
    return lines.map((line) => ({
      text: line.text.replace(/\n$/, ''),
      digitsConfidence: Math.min(100, ...line.words.filter((w) => /\d/.test(w.text)).map((w) => w.confidence)),
    }));
  }, deadlineMs);
}

/** Ends the worker (app shutdown); the next `recognize` starts a new one. */
export async function closeOcrWorker(): Promise<void> {
  if (!workerPromise) return;
  await queue;
  await endWorker();
}

// ---------------------------------------------------------------- photos (receipts, labels)

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/tiff', 'image/bmp']);

/** 413 above 10 MB, 415 for what is not an image by its bytes (never by its name). */
export async function assertImage(data: Buffer): Promise<void> {
  if (data.length > 10 * MB) throw new AppError(413, EXPENSE_MSG.photoTooLarge);
  const mime = await sniffMime(data);
  if (!mime || !IMAGE_TYPES.has(mime)) throw new AppError(415, EXPENSE_MSG.photoNotImage);
}

/** Local Portuguese OCR of a prepared photo. */
export async function extractTextLocally(data: Buffer): Promise<string> {
  return (await recognize(await prepareTextForOcr(data))).trim();
}

/**
 * Local Portuguese OCR of a receipt photo (paper found, light evened, lines straightened), line by line with the
 * confidence in each line's figures.
 */
export async function extractReceiptLinesLocally(data: Buffer): Promise<OcrLine[]> {
  return recognizeLines(await prepareReceiptForOcr(data));
}
