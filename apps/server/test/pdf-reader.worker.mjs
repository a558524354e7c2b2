// The tests' PDF reader (see pdf-reader.ts): pdfjs-dist, a reader independent of the writer (pdfkit),
// run in its own worker thread because its Node build replaces JSON.stringify and
// Array.prototype.push for the whole thread it is loaded in (documents.test.ts checks the test's
// thread keeps the native ones). Plain JavaScript: a worker file runs as it is under Vitest.
//
// In: workerData = { data: Uint8Array, images: boolean, renderDpi: number }.
// Out: one message { ok: true, pages: [{ text, images?, png? }] } or { ok: false, error } (png: the page
// drawn at renderDpi on white, as a printer would, when renderDpi > 0).
import { parentPort, workerData } from 'node:worker_threads';
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdf, pageText, readEachPage, renderOnWhite } from '../src/platform/pdfjs-document.mjs';

const multiply = (m, n) => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * Every image the page paints: its size in pixels and the size it is drawn at in points (an image
 * fills the unit square of the current transformation matrix, followed through save/restore,
 * cm and form XObjects), so its printed resolution is pixels / (points / 72).
 */
async function pageImages(page) {
  const list = await page.getOperatorList();
  const images = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  const stack = [];
  const painted = (width, height, m) => {
    const widthPt = Math.hypot(m[0], m[1]);
    const heightPt = Math.hypot(m[2], m[3]);
    images.push({ width, height, widthPt, heightPt, xppi: (width * 72) / widthPt, yppi: (height * 72) / heightPt });
  };
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (args[0]) ctm = multiply(ctm, args[0]);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject) painted(args[1], args[2], ctm);
    else if (fn === OPS.paintInlineImageXObject) painted(args[0].width, args[0].height, ctm);
    else if (fn === OPS.paintImageXObjectRepeat) {
      // [objId, scaleX, scaleY, positions]: one image drawn at several places.
      const img = page.objs.has(args[0]) ? page.objs.get(args[0]) : page.commonObjs.get(args[0]);
      for (let p = 0; p < args[3].length; p += 2)
        painted(img.width, img.height, multiply(ctm, [args[1], 0, 0, args[2], args[3][p], args[3][p + 1]]));
    }
  }
  return images;
}

async function read({ data, images, renderDpi }) {
  const doc = await loadPdf(data).promise;
  const pages = await readEachPage(doc, async (page) => {
    const read = { text: await pageText(page) };
    if (images) read.images = await pageImages(page);
    if (renderDpi > 0) read.png = await renderOnWhite(page, renderDpi / 72);
    return read;
  });
  return { ok: true, pages };
}

read(workerData).then(
  (result) => parentPort.postMessage(result),
  (err) => parentPort.postMessage({ ok: false, error: String(err?.message ?? err) }),
);
