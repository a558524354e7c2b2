import { useState } from 'react';
import { ClosingFiltersPage } from '../../features/closing/components/closing-filters-page';
import { useOrder } from '../../features/orders/api/get-order';
import { OrderFormModal } from '../../features/orders/components/order-form-modal';

/** /fechamento (spec §2.9): the closing screen with the orders feature's edit modal on its rows. */
export function ClosingRoute() {
  const [editingId, setEditingId] = useState<number | null>(null);
  const order = useOrder(editingId);
  return (
    <>
      <ClosingFiltersPage onEdit={(row) => setEditingId(row.id)} />
      {editingId !== null && order.data && <OrderFormModal open order={order.data} onClose={() => setEditingId(null)} />}
    </>
  );
}
