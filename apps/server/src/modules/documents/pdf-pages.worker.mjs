// Reads a PDF with pdfjs-dist in a worker thread. pdfjs-dist's Node build carries core-js polyfills
// that replace JSON.stringify and Array.prototype.push for the whole thread (measured: JSON.stringify
// 8x slower on Node 20), so it must never be loaded on the server's main thread. Parsing and
// rendering also stay off the event loop. Plain JavaScript: it runs as it is under Node, tsx and Vitest.
//
// In: workerData = { data: Uint8Array, minTextChars, ocrLongSidePx }.
// Out: one message { ok: true, pages: [{ text } | { text, png }] } (png: the page rendered for OCR,
// when its text layer has fewer letters than minTextChars), or { ok: false, reason: 'encrypted' | 'broken' }.
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import { loadPdf, pageText } from '../../platform/pdfjs-document.mjs';

async function openPdf(data) {
  const task = loadPdf(data);
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    return err?.name === 'PasswordException' ? 'encrypted' : 'broken';
  }
}

async function renderForOcr(page, longSidePx) {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(4, longSidePx / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff'; // scans with transparency would otherwise be read on black
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  return canvas.toBuffer('image/png');
}

async function readPages({ data, minTextChars, ocrLongSidePx }) {
  const doc = await openPdf(data);
  if (typeof doc === 'string') return { ok: false, reason: doc };
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const text = await pageText(page);
      const scanned = text.replace(/\s/g, '').length < minTextChars;
      pages.push(scanned ? { text, png: await renderForOcr(page, ocrLongSidePx) } : { text });
      page.cleanup();
    }
    return { ok: true, pages };
  } finally {
    await doc.destroy();
  }
}

readPages(workerData).then(
  (result) => parentPort.postMessage(result),
  () => parentPort.postMessage({ ok: false, reason: 'broken' }),
);
