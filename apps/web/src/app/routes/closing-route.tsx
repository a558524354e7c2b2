import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportOrdersPrefix } from '../../features/closing/api/report-orders';
import { ClosingFiltersPage } from '../../features/closing/components/closing-filters-page';
import { useOrder } from '../../features/orders/api/get-order';
import { OrderFormModal } from '../../features/orders/components/order-form-modal';

/** /fechamento (spec §2.9): the closing screen with the orders feature's edit modal on its rows. */
export function ClosingRoute() {
  const [editingId, setEditingId] = useState<number | null>(null);
  const order = useOrder(editingId);
  const queryClient = useQueryClient();
  // The order modal refreshes the orders feature's lists; the closing table is this screen's own.
  const closeEditor = () => {
    setEditingId(null);
    void queryClient.invalidateQueries({ queryKey: reportOrdersPrefix });
  };
  return (
    <>
      <ClosingFiltersPage onEdit={(row) => setEditingId(row.id)} />
      {editingId !== null && order.data && <OrderFormModal open order={order.data} onClose={closeEditor} />}
    </>
  );
}
