import { Worker } from 'node:worker_threads';

/** An image a page paints: pixels, the size it is drawn at (points) and so its printed resolution. */
export interface PdfImage {
  page: number;
  width: number;
  height: number;
  widthPt: number;
  heightPt: number;
  xppi: number;
  yppi: number;
}

export interface PdfRead {
  /** The text of each page, in order. */
  pages: string[];
  /** The pages' text joined by blank lines. */
  text: string;
  /** The images the pages paint (only when asked for: reading them decodes every image). */
  images: PdfImage[];
  /** Each page drawn as a PNG on white (only when asked for with renderDpi). */
  pngs: Buffer[];
}

type WorkerAnswer =
  | { ok: true; pages: { text: string; images?: Omit<PdfImage, 'page'>[]; png?: Uint8Array }[] }
  | { ok: false; error: string };

/**
 * Reads a PDF as a person's viewer would: pdfjs-dist (an npm dependency, independent of the pdfkit
 * writer), in a worker thread of its own. No command-line tool is needed.
 */
export function readPdf(data: Buffer | Uint8Array, opts: { images?: boolean; renderDpi?: number } = {}): Promise<PdfRead> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pdf-reader.worker.mjs', import.meta.url), {
      // pdfjs takes ownership of (detaches) the array: the worker gets its own copy.
      workerData: { data: new Uint8Array(data), images: opts.images === true, renderDpi: opts.renderDpi ?? 0 },
    });
    worker.once('message', (answer: WorkerAnswer) => {
      void worker.terminate();
      if (!answer.ok) {
        reject(new Error(`pdfjs-dist could not read the PDF: ${answer.error}`));
        return;
      }
      const pages = answer.pages.map((p) => p.text);
      resolve({
        pages,
        text: pages.join('\n\n'),
        images: answer.pages.flatMap((p, i) => (p.images ?? []).map((img) => ({ page: i + 1, ...img }))),
        pngs: answer.pages.flatMap((p) => (p.png ? [Buffer.from(p.png)] : [])),
      });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`PDF reader worker exited with code ${code}`)));
  });
}

/** The text of a PDF, pages joined by blank lines. */
export async function pdfText(data: Buffer | Uint8Array): Promise<string> {
  return (await readPdf(data)).text;
}

/** JPEG start-of-frame markers (baseline, progressive, ...; not DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Width and height from a JPEG's frame header, or null when the bytes are not a JPEG. */
function jpegSize(buf: Buffer, start: number): { width: number; height: number } | null {
  if (buf[start] !== 0xff || buf[start + 1] !== 0xd8) return null;
  let at = start + 2;
  while (at + 9 < buf.length) {
    if (buf[at] !== 0xff) return null;
    const marker = buf[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = buf.readUInt16BE(at + 2);
    if (SOF.has(marker)) return { height: buf.readUInt16BE(at + 5), width: buf.readUInt16BE(at + 7) };
    if (marker === 0xda || length < 2) return null; // image data before any frame header
    at += 2 + length;
  }
  return null;
}

/**
 * The images a PDF stores as JPEG (DCTDecode): a stream whose data is a JPEG file, read where the
 * PDF syntax puts stream data (after the `stream` keyword and its end of line), with the size its
 * own frame header gives.
 */
export function embeddedJpegs(data: Buffer): { width: number; height: number }[] {
  const found: { width: number; height: number }[] = [];
  let at = data.indexOf('stream');
  while (at >= 0) {
    let start = at + 'stream'.length;
    if (data[start] === 0x0d) start++;
    if (data[start] === 0x0a) {
      const size = jpegSize(data, start + 1);
      if (size) found.push(size);
    }
    at = data.indexOf('stream', start);
  }
  return found;
}
