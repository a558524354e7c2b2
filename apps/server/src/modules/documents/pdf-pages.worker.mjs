// Reads a PDF with pdfjs-dist in a worker thread. pdfjs-dist's Node build carries core-js polyfills
// that replace JSON.stringify and Array.prototype.push for the whole thread (measured: JSON.stringify
// 8x slower on Node 20), so it must never be loaded on the server's main thread. Parsing and
// rendering also stay off the event loop. Plain JavaScript: it runs as it is under Node, tsx and Vitest.
//
// In: workerData = { data: Uint8Array, minTextChars, ocrLongSidePx }.
// Out: one message { ok: true, pages: [{ text } | { text, png }] } (png: the page rendered for OCR,
// when its text layer has fewer letters than minTextChars), or { ok: false, reason: 'encrypted' | 'broken' }.
import { parentPort, workerData } from 'node:worker_threads';
import { loadPdf, pageText, readEachPage, renderOnWhite } from '../../platform/pdfjs-document.mjs';

async function openPdf(data) {
  const task = loadPdf(data);
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    return err?.name === 'PasswordException' ? 'encrypted' : 'broken';
  }
}

function renderForOcr(page, longSidePx) {
  const base = page.getViewport({ scale: 1 });
  return renderOnWhite(page, Math.min(4, longSidePx / Math.max(base.width, base.height)));
}

async function readPages({ data, minTextChars, ocrLongSidePx }) {
  const doc = await openPdf(data);
  if (typeof doc === 'string') return { ok: false, reason: doc };
  const pages = await readEachPage(doc, async (page) => {
    const text = await pageText(page);
    const scanned = text.replace(/\s/g, '').length < minTextChars;
    return scanned ? { text, png: await renderForOcr(page, ocrLongSidePx) } : { text };
  });
  return { ok: true, pages };
}

readPages(workerData).then(
  (result) => parentPort.postMessage(result),
  () => parentPort.postMessage({ ok: false, reason: 'broken' }),
);
