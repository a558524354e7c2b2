import { CLOSING_MSG } from '@os/shared';
import { useState } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useGenerateOrderPdf } from '../api/generate-order-pdf';
import type { OrderRow } from '../api/order-row';

/** Generate (asking before replacing an existing PDF, DECISIONS.md §2) and view an order's full PDF. */
export function useOrderPdfActions() {
  const generateMutation = useGenerateOrderPdf();
  const confirm = useConfirm();
  const [generatingId, setGeneratingId] = useState<number | null>(null);
  const [viewing, setViewing] = useState<{ numero: number; url: string } | null>(null);

  const view = (row: Pick<OrderRow, 'id' | 'numero' | 'pdf' | 'pdfcompleto'>) =>
    setViewing({
      numero: row.numero,
      url: row.pdfcompleto || !row.pdf ? `/api/os/${row.id}/pdfcompleto_os` : `/api/os/${row.id}/pdfviewer`,
    });

  const generate = async (row: Pick<OrderRow, 'id' | 'numero' | 'pdf' | 'pdfcompleto'>) => {
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

  return { view, generate, generatingId, viewing, closeViewer: () => setViewing(null) };
}
