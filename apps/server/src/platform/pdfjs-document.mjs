// pdfjs-dist opened the one way this project does it, for worker threads only: pdfjs-dist's Node build
// carries core-js polyfills that replace JSON.stringify and Array.prototype.push for the whole thread it
// is loaded in, so only a worker file (documents/pdf-pages.worker.mjs, the tests' pdf-reader.worker.mjs)
// may import this module. Plain JavaScript: it runs as it is under Node, tsx and Vitest.
import { createRequire } from 'node:module';
import path from 'node:path';
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
