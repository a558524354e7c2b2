import { CLOSING_MSG } from '@os/shared';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from './spinner';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * The pages of a PDF drawn by pdf.js, one canvas per page, as wide as the modal (docs/rules.md#daily-use:
 * phone browsers show no PDF inside a page). Loaded only when a phone opens a PDF.
 */
export function PdfCanvasPages({ data, label }: { data: ArrayBuffer; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'drawing' | 'ready' | 'error'>('drawing');

  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    let cancelled = false;
    setState('drawing');
    // pdf.js takes the bytes over: it gets its own copy so a re-render can read them again.
    const task = getDocument({ data: new Uint8Array(data.slice(0)), isEvalSupported: false });
    void (async () => {
      try {
        const pdf = await task.promise;
        box.replaceChildren();
        const ratio = window.devicePixelRatio || 1;
        for (let n = 1; n <= pdf.numPages && !cancelled; n++) {
          const page = await pdf.getPage(n);
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({ scale: ((box.clientWidth || base.width) / base.width) * ratio });
          const canvas = document.createElement('canvas');
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.className = 'mb-2 block w-full bg-white shadow-sm ring-1 ring-slate-200 dark:ring-slate-700';
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', `${label}, página ${n} de ${pdf.numPages}`);
          box.append(canvas);
          await page.render({ canvas, viewport }).promise;
          page.cleanup();
          // The loading line goes with the first page drawn: it never stays above a page (docs/rules.md#daily-use).
          if (!cancelled) setState('ready');
        }
        if (!cancelled) setState('ready');
      } catch {
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [data, label]);

  return (
    <div>
      {state === 'drawing' && (
        <div className="flex h-20 items-center justify-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <Spinner /> Carregando PDF...
        </div>
      )}
      {state === 'error' && (
        <p role="alert" className="py-10 text-center text-sm text-red-700 dark:text-red-400">
          {CLOSING_MSG.pdfLoadFailed}
        </p>
      )}
      <div ref={holder} data-pdf-pages={state} />
    </div>
  );
}
