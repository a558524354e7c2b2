import type { Order } from '@os/shared';
import { useState } from 'react';
import { PdfViewerModal } from '../../../components/ui/pdf-viewer-modal';
import { OrderFormModal, type OrderPrefill } from './order-form-modal';
import { useDeleteOrderFlow } from './use-delete-order-flow';
import { useOrderPdfActions } from './use-order-pdf-actions';

/**
 * What the row actions of every order screen do, and the modals they open: the order form ('Nova OS',
 * 'Editar OS'), the delete confirmations and the PDF viewer. Render `modals` once on the screen.
 */
export function useOrderActions() {
  const [editing, setEditing] = useState<{ order: Order | null; prefill?: OrderPrefill } | null>(null);
  const { deleteOrder } = useDeleteOrderFlow();
  const pdf = useOrderPdfActions();
  const modals = (
    <>
      {editing && <OrderFormModal open order={editing.order} prefill={editing.prefill} onClose={() => setEditing(null)} />}
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
  return {
    create: (prefill?: OrderPrefill) => setEditing({ order: null, prefill }),
    edit: (order: Order) => setEditing({ order }),
    remove: (order: Order) => void deleteOrder(order),
    pdf,
    modals,
  };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
