import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/**
 * Portuguese OCR on this machine (ARCHITECTURE.md, OCR): one long-lived tesseract.js worker,
 * created on first use, with the traineddata from @tesseract.js-data/por (never downloaded at
 * run time). Jobs run one after the other; `closeOcrWorker()` ends it when the app closes.
 */
let workerPromise: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

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
  const job = queue.then(async () => {
    const worker = await getOcrWorker();
    const { data } = await worker.recognize(image);
    return data.text;
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
