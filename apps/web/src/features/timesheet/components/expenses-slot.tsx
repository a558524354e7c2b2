/**
 * Where the order card meets the expenses feature: 'Lançamento de Despesas' (card button
 * 'Add Despesas', with the card's camera screen for the receipt photo) and the 'Despesas' table
 * of the view modal. The one place where the timesheet feature composes another feature (see
 * docs/decisions.md).
 */
import type { Lancamento } from '@os/shared';
import { ExpenseModal } from '../../expenses/components/expense-modal';
import { ExpensesTable } from '../../expenses/components/expenses-table';
import { CameraCapture } from './camera-capture';

export function ExpenseEntryModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  return (
    <ExpenseModal
      open
      onOpenChange={(open) => !open && onClose()}
      orderId={order.id}
      orderNumber={order.numero}
      cliente={order.cliente}
      // The receipt from a file or the camera screen of the order card (the one the description uses).
      renderCamera={(camera) => <CameraCapture fileName={`comprovante${order.id}.jpg`} {...camera} />}
    />
  );
}

export function OrderExpensesSection({ orderId, editable }: { orderId: number; editable: boolean }) {
  return <ExpensesTable orderId={orderId} editable={editable} />;
}
