import { Worker } from 'node:worker_threads';
import { EXTRACT_MSG } from '@os/shared';
import { badRequest } from '../../platform/errors';
import { recognize } from '../../platform/ocr';

/** Pages whose text layer has fewer letters than this are taken as scanned and read by OCR. */
const MIN_TEXT_CHARS = 3;
/** OCR renders the page so that its long side has about this many pixels (~250 dpi on A4). */
const OCR_LONG_SIDE_PX = 2400;

export interface PdfText {
  text: string;
  pages: number;
  ocrPages: number;
}

type WorkerAnswer = { ok: true; pages: { text: string; png?: Uint8Array }[] } | { ok: false; reason: 'encrypted' | 'broken' };

/** pdfjs-dist runs in its own worker thread, once per PDF (see pdf-pages.worker.mjs for why). */
function readPdfPages(data: Buffer): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pdf-pages.worker.mjs', import.meta.url), {
      // pdfjs takes ownership of (detaches) the array: the worker gets its own copy.
      workerData: { data: new Uint8Array(data), minTextChars: MIN_TEXT_CHARS, ocrLongSidePx: OCR_LONG_SIDE_PX },
    });
    worker.once('message', (answer: WorkerAnswer) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`PDF worker exited with code ${code}`)));
  });
}

/**
 * The text of every page of a PDF, in page order (docs/screens.md#other-screens, docs/api.md#documents). A page without a text layer
 * (a scan) is rendered and read by Portuguese OCR. An encrypted or broken PDF is a clear 400.
 */
export async function extractPdfText(data: Buffer): Promise<PdfText> {
  const answer = await readPdfPages(data);
  if (!answer.ok) throw badRequest(answer.reason === 'encrypted' ? EXTRACT_MSG.encrypted : EXTRACT_MSG.broken, 'pdfFile');
  const texts: string[] = [];
  let ocrPages = 0;
  for (const page of answer.pages) {
    let text = page.text;
    if (page.png) {
      const ocr = (await recognize(Buffer.from(page.png))).trim();
      if (ocr) {
        text = ocr;
        ocrPages++;
      }
    }
    texts.push(text.trim());
  }
  return { text: texts.join('\n\n'), pages: answer.pages.length, ocrPages };
}
