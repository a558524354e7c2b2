import { CLOSING_MSG, padNumber } from '@os/shared';
import { ExternalLink } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError, apiBlob } from '../../lib/api';
import { Button } from './button';
import { Modal } from './modal';
import { NewTabLink } from './new-tab-link';
import { Spinner } from './spinner';

export interface PdfViewerModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order number shown in the title, padded to 5 digits (docs/screens.md#pdf-viewer). */
  numero: number | string;
  /** Same-origin address of the PDF (e.g. /api/os/42/pdfcompleto_os). */
  url: string;
  /** Replaces 'Visualizar PDF - OS 00042' (e.g. for a closing). */
  title?: string;
}

type State = { kind: 'loading' } | { kind: 'native' } | { kind: 'pages'; data: ArrayBuffer } | { kind: 'error'; message: string };

const PdfCanvasPages = lazy(async () => ({ default: (await import('./pdf-canvas-pages')).PdfCanvasPages }));

/** Phone browsers show no PDF inside a page: there (and wherever the browser has no PDF viewer) pdf.js draws it. */
function browserShowsPdf() {
  return navigator.pdfViewerEnabled !== false && !window.matchMedia('(max-width: 640px)').matches;
}

const failure = CLOSING_MSG.pdfLoadFailed;

/**
 * What the modal shows of `url`: 'native' when the PDF is there and the browser's viewer can load it from its
 * own address (asked with HEAD, without its bytes; the PDF is made current on the way), else its bytes for
 * pdf.js. A refusal throws the server's message (a HEAD answers none: the GET then tells it).
 */
async function loadPdf(url: string, signal: AbortSignal): Promise<State> {
  if (browserShowsPdf()) {
    try {
      await apiBlob(url, { method: 'HEAD', signal, failure });
      return { kind: 'native' };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) throw error;
    }
    await apiBlob(url, { signal, failure });
    return { kind: 'error', message: failure };
  }
  const { blob } = await apiBlob(url, { signal, failure });
  return { kind: 'pages', data: await blob.arrayBuffer() };
}

/**
 * The PDF viewer of docs/screens.md#pdf-viewer: 'Visualizar PDF - OS 00042', closes with Escape or 'Fechar', a link
 * opens it in a new window, and 'Não foi possível carregar o PDF.' when it cannot be shown (or the
 * server's own message, e.g. 'PDF não disponível para esta OS.'). The PDF shows inside the modal
 * (docs/rules.md#daily-use): the browser's own viewer on a desktop (the page's security policy lets
 * the product's own PDFs in), pages drawn by pdf.js on a phone.
 */
export function PdfViewerModal({ open, onOpenChange, numero, url, title }: PdfViewerModalProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    loadPdf(url, controller.signal).then(setState, (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        setState({ kind: 'error', message: error instanceof ApiError ? error.message : failure });
    });
    return () => controller.abort();
  }, [open, url]);

  const label = title ?? `PDF da OS ${padNumber(numero)}`;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={title ?? `Visualizar PDF - OS ${padNumber(numero)}`}
      footer={
        <>
          <NewTabLink
            href={url}
            icon={ExternalLink}
            className="h-9 justify-center gap-1.5 rounded-md px-3.5 font-medium text-blue-700 hover:bg-blue-50 max-sm:min-h-11 dark:text-blue-300 dark:hover:bg-blue-950"
          >
            Abrir em nova janela
          </NewTabLink>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Fechar
          </Button>
        </>
      }
    >
      {state.kind === 'loading' && (
        <div className="flex h-40 items-center justify-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <Spinner /> Carregando PDF...
        </div>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="py-10 text-center text-sm text-red-700 dark:text-red-400">
          {state.message}
        </p>
      )}
      {state.kind === 'native' && (
        <object data={url} type="application/pdf" className="h-[70vh] w-full" aria-label={label}>
          <p className="py-10 text-center text-sm text-slate-600 dark:text-slate-300">{CLOSING_MSG.pdfLoadFailed}</p>
        </object>
      )}
      {state.kind === 'pages' && (
        <Suspense
          fallback={
            <div className="flex h-40 items-center justify-center gap-2 text-sm text-slate-500 dark:text-slate-400">
              <Spinner /> Carregando PDF...
            </div>
          }
        >
          <PdfCanvasPages data={state.data} label={label} />
        </Suspense>
      )}
    </Modal>
  );
}
