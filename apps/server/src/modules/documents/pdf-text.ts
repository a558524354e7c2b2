import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { EXTRACT_MSG } from '@os/shared';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { badRequest } from '../../platform/errors';
import { recognize } from '../../platform/ocr';

const require = createRequire(import.meta.url);
// pdfjs-dist in Node reads these from disk (paths with a trailing slash), never from the network.
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const assetDir = (name: string) => `${path.join(pdfjsRoot, name)}${path.sep}`;

/** Pages whose text layer has fewer letters than this are taken as scanned and read by OCR. */
const MIN_TEXT_CHARS = 3;
/** OCR renders the page so that its long side has about this many pixels (~250 dpi on A4). */
const OCR_LONG_SIDE_PX = 2400;

export interface PdfText {
  text: string;
  pages: number;
  ocrPages: number;
}

/**
 * The text of every page of a PDF, in page order (spec §2.18, §7). A page without a text layer
 * (a scan) is rendered and read by Portuguese OCR. An encrypted or broken PDF is a clear 400.
 */
export async function extractPdfText(data: Buffer): Promise<PdfText> {
  const doc = await openPdf(data);
  try {
    const texts: string[] = [];
    let ocrPages = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      let text = await pageText(page);
      if (text.replace(/\s/g, '').length < MIN_TEXT_CHARS) {
        const ocr = (await ocrPage(page)).trim();
        if (ocr) {
          text = ocr;
          ocrPages++;
        }
      }
      page.cleanup();
      texts.push(text.trim());
    }
    return { text: texts.join('\n\n'), pages: doc.numPages, ocrPages };
  } finally {
    await doc.destroy();
  }
}

async function openPdf(data: Buffer): Promise<PDFDocumentProxy> {
  const task = getDocument({
    data: new Uint8Array(data), // pdfjs takes ownership of (detaches) the array: give it a copy
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    wasmUrl: assetDir('wasm'),
    iccUrl: assetDir('iccs'),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    if ((err as Error)?.name === 'PasswordException') throw badRequest(EXTRACT_MSG.encrypted, 'pdfFile');
    throw badRequest(EXTRACT_MSG.broken, 'pdfFile');
  }
}

/** The page's text layer, a line break where pdfjs marks the end of a line. */
async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  let out = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    out += item.str;
    if (item.hasEOL) out += '\n';
  }
  return out;
}

async function ocrPage(page: PDFPageProxy): Promise<string> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(4, OCR_LONG_SIDE_PX / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff'; // scans with transparency would otherwise be read on black
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as never,
    canvasContext: context as never,
    viewport,
  }).promise;
  return recognize(canvas.toBuffer('image/png'));
}
