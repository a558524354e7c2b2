import type { Order } from '@os/shared';
import { useState } from 'react';
import { PdfViewerModal } from '../../components/ui/pdf-viewer-modal';
import { useOrderPdfActions } from '../../features/closing/components/use-order-pdf-actions';
import { OrderFormModal } from '../../features/orders/components/order-form-modal';
import { useDeleteOrderFlow } from '../../features/orders/components/use-delete-order-flow';
import { OrderReportPage } from '../../features/reports/components/order-report-page';

/**
 * /osrelatorio: the report (reports feature) with the order modal and delete flow of the orders
 * feature and the PDF actions of the closing feature (generate the full PDF, view it).
 */
export function OrderReportRoute() {
  const [editing, setEditing] = useState<Order | null>(null);
  const { deleteOrder } = useDeleteOrderFlow();
  const pdf = useOrderPdfActions();
  return (
    <>
      <OrderReportPage
        onEdit={setEditing}
        onDelete={(order) => void deleteOrder(order)}
        onGeneratePdf={(order) => void pdf.generate(order)}
        onViewPdf={pdf.view}
        generatingPdfId={pdf.generatingId}
      />
      {editing && <OrderFormModal open order={editing} onClose={() => setEditing(null)} />}
      {pdf.viewing && (
        <PdfViewerModal
          open
          onOpenChange={(open) => !open && pdf.closeViewer()}
          numero={pdf.viewing.numero}
          url={pdf.viewing.url}
        />
      )}
    </>
  );
}
