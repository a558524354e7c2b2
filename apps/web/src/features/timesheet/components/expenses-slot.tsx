/**
 * Where the order card meets the expenses feature: 'Lançamento de Despesas' (card button
 * 'Add Despesas') and the 'Despesas' table of the view modal. The one place where the
 * timesheet feature composes another feature (see docs/decisions.md).
 */
import type { Lancamento } from '@os/shared';
import { ExpenseModal } from '../../expenses/components/expense-modal';
import { ExpensesTable } from '../../expenses/components/expenses-table';

export function ExpenseEntryModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  return (
    <ExpenseModal
      open
      onOpenChange={(open) => !open && onClose()}
      orderId={order.id}
      orderNumber={order.numero}
      cliente={order.cliente}
    />
  );
}

export function OrderExpensesSection({ orderId, editable }: { orderId: number; editable: boolean }) {
  return <ExpensesTable orderId={orderId} editable={editable} />;
}
