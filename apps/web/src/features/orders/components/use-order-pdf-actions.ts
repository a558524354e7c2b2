import { CLOSING_MSG, padNumber } from '@os/shared';
import { useState } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { downloadPdf, orderPdfUrl, type PdfRow, useGenerateOrderPdf } from '../api/order-pdf';

/** Generate (asking before replacing an existing PDF, docs/rules.md#fixed-defects), view and download an order's PDF. */
export function useOrderPdfActions() {
  const generateMutation = useGenerateOrderPdf();
  const confirm = useConfirm();
  const [generatingId, setGeneratingId] = useState<number | null>(null);
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [viewing, setViewing] = useState<{ numero: number; url: string } | null>(null);

  const view = (row: PdfRow) => setViewing({ numero: row.numero, url: orderPdfUrl(row) });

  /** docs/screens.md#fechamento download-PDF row action: the file 'OS-00042.pdf'. */
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
