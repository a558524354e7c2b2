import { CLOSING_MSG, padNumber } from '@os/shared';
import { useState } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { saveBlob } from '../../../lib/save-blob';
import { useGenerateOrderPdf } from '../api/generate-order-pdf';
import type { OrderRow } from '../api/order-row';

type PdfRow = Pick<OrderRow, 'id' | 'numero' | 'pdf' | 'pdfcompleto'>;

/** The order's full PDF when it has one, else its simple one. */
function orderPdfUrl(row: PdfRow) {
  return row.pdfcompleto || !row.pdf ? `/api/os/${row.id}/pdfcompleto_os` : `/api/os/${row.id}/pdfviewer`;
}

/** Saves the answer of a same-origin PDF address under a file name (no new tab); the server's message on failure. */
async function downloadPdf(url: string, filename: string) {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error || CLOSING_MSG.pdfLoadFailed);
  }
  saveBlob(new Blob([await response.arrayBuffer()], { type: 'application/pdf' }), filename);
}

/** Generate (asking before replacing an existing PDF, DECISIONS.md §2), view and download an order's PDF. */
export function useOrderPdfActions() {
  const generateMutation = useGenerateOrderPdf();
  const confirm = useConfirm();
  const [generatingId, setGeneratingId] = useState<number | null>(null);
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [viewing, setViewing] = useState<{ numero: number; url: string } | null>(null);

  const view = (row: PdfRow) => setViewing({ numero: row.numero, url: orderPdfUrl(row) });

  /** Spec §2.9 download-PDF row action: the file 'OS-00042.pdf'. */
  const download = async (row: PdfRow) => {
    setDownloadingId(row.id);
    try {
      await downloadPdf(orderPdfUrl(row), `OS-${padNumber(row.numero)}.pdf`);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : CLOSING_MSG.pdfLoadFailed);
    } finally {
      setDownloadingId(null);
    }
  };

  const generate = async (row: PdfRow) => {
    if (row.pdfcompleto) {
      const again = await confirm({
        title: CLOSING_MSG.regenerateTitle,
        message: CLOSING_MSG.pdfExistsAskRegenerate,
        confirmLabel: 'Gerar novamente',
      });
      if (!again) return;
    }
    setGeneratingId(row.id);
    generateMutation.mutate(row.id, {
      onSuccess: () => {
        toast.success(CLOSING_MSG.pdfGenerated);
        setViewing({ numero: row.numero, url: `/api/os/${row.id}/pdfcompleto_os` });
      },
      onError: (error) => toast.error(error.message || CLOSING_MSG.pdfError),
      onSettled: () => setGeneratingId(null),
    });
  };

  return { view, download, downloadingId, generate, generatingId, viewing, closeViewer: () => setViewing(null) };
}
