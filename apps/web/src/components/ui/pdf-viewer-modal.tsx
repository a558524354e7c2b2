import { CLOSING_MSG, padNumber } from '@os/shared';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { Spinner } from './spinner';

export interface PdfViewerModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order number shown in the title, padded to 5 digits (spec §2.10). */
  numero: number | string;
  /** Same-origin address of the PDF (e.g. /api/os/42/pdfcompleto_os). */
  url: string;
  /** Replaces 'Visualizar PDF - OS 00042' (e.g. for a closing). */
  title?: string;
}

type State = { kind: 'loading' } | { kind: 'ready'; objectUrl: string } | { kind: 'error'; message: string };

/**
 * The PDF viewer of spec §2.10: 'Visualizar PDF - OS 00042', closes with Escape or 'Fechar', a link
 * opens it in a new window, and 'Não foi possível carregar o PDF.' when it cannot be shown (or the
 * server's own message, e.g. 'PDF não disponível para esta OS.').
 */
export function PdfViewerModal({ open, onOpenChange, numero, url, title }: PdfViewerModalProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ kind: 'loading' });
    (async () => {
      try {
        const response = await fetch(url, { credentials: 'include', signal: controller.signal });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { error?: string } | null;
          setState({ kind: 'error', message: body?.error || CLOSING_MSG.pdfLoadFailed });
          return;
        }
        objectUrl = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: 'application/pdf' }));
        setState({ kind: 'ready', objectUrl });
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError'))
          setState({ kind: 'error', message: CLOSING_MSG.pdfLoadFailed });
      }
    })();
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [open, url]);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={title ?? `Visualizar PDF - OS ${padNumber(numero)}`}
      footer={
        <>
          <a
            href={url}
            target="_blank"
            rel="noopener"
            className="inline-flex h-9 items-center justify-center gap-1.5 rounded-md px-3.5 text-sm font-medium text-blue-700 hover:bg-blue-50 max-sm:min-h-11 dark:text-blue-300 dark:hover:bg-blue-950"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Abrir em nova janela
          </a>
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
      {state.kind === 'ready' && (
        <object
          data={state.objectUrl}
          type="application/pdf"
          className="h-[70vh] w-full"
          aria-label={title ?? `PDF da OS ${padNumber(numero)}`}
        >
          <p className="py-10 text-center text-sm text-slate-600 dark:text-slate-300">{CLOSING_MSG.pdfLoadFailed}</p>
        </object>
      )}
    </Modal>
  );
}
