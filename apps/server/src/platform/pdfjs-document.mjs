// pdfjs-dist opened the one way this project does it, for worker threads only: pdfjs-dist's Node build
// carries core-js polyfills that replace JSON.stringify and Array.prototype.push for the whole thread it
// is loaded in, so only a worker file (documents/pdf-pages.worker.mjs, the tests' pdf-reader.worker.mjs)
// may import this module. Plain JavaScript: it runs as it is under Node, tsx and Vitest.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
// pdfjs-dist in Node reads these from disk (paths with a trailing slash), never from the network.
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const assetDir = (name) => `${path.join(pdfjsRoot, name)}${path.sep}`;

/** pdfjs's loading task for these bytes: fonts and maps from the package, no eval, no system fonts. */
export function loadPdf(data) {
  return getDocument({
    data,
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    wasmUrl: assetDir('wasm'),
    iccUrl: assetDir('iccs'),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
}

/** The page's text layer in content order, a line break where pdfjs marks the end of a line. */
export async function pageText(page) {
  const content = await page.getTextContent();
  let out = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    out += item.str;
    if (item.hasEOL) out += '\n';
  }
  return out;
}

/** `read` of each page of an open document, in order, each page freed after; the document destroyed at the end. */
export async function readEachPage(doc, read) {
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      pages.push(await read(page));
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** The page drawn at that scale on white, as a printer would (a scan with transparency would otherwise be black), as PNG. */
export async function renderOnWhite(page, scale) {
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  return canvas.toBuffer('image/png');
}
