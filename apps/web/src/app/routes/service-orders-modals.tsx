import type { Lancamento } from '@os/shared';
import { ChecklistModal } from '../../features/checklists/components/checklist-modal';
import { ChecklistIncompleteNotice, ChecklistSection } from '../../features/checklists/components/checklist-section';
import { EquipmentSummary } from '../../features/equipment/components/equipment-summary';
import { ExpenseModal } from '../../features/expenses/components/expense-modal';
import { ExpensesTable } from '../../features/expenses/components/expenses-table';
import { OrderMaterialsModal, OrderMaterialsPanel } from '../../features/materials/components/order-materials-modal';
import { useOrderQuote } from '../../features/orders/api/order-quote';
import { OrderClientPhotos } from '../../features/orders/components/order-client-photos';
import { CameraCapture } from '../../features/timesheet/components/camera-capture';
import { CardModal, type CardModalProps } from '../../features/timesheet/components/card-modal';
import { type ExpenseSlots, ExpenseSlotsProvider } from '../../features/timesheet/components/expense-slots';

/** 'Lançamento de Despesas' from an order card, with the card's camera screen for the receipt photo. */
function ExpenseEntryModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
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

/** The card's 'Materiais' with the planned materials of the quote the order came from (docs/rules.md#quotes). */
function FieldMaterialsModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  const planned = useOrderQuote(order.id, true).data?.orcamento?.materiais;
  return <OrderMaterialsModal order={order} onClose={onClose} planned={planned} />;
}

const expenseSlots: ExpenseSlots = {
  EntryModal: ExpenseEntryModal,
  Section: ExpensesTable,
  Equipment: EquipmentSummary,
  ChecklistModal,
  ChecklistSection,
  ChecklistNotice: ChecklistIncompleteNotice,
  MaterialsModal: FieldMaterialsModal,
  // The order view's materials with their prices and, while open, the form that adds one (docs/rules.md#materials-and-stock).
  MaterialsSection: OrderMaterialsPanel,
  ClientPhotos: OrderClientPhotos,
};

/**
 * A card's modal on /service-orders (docs/screens.md#order-card-modals), with the expenses, equipment,
 * checklists, materials and orders features in its slots. Loaded after the cards are drawn
 * (service-orders-route.tsx).
 */
export function OrderCardModal(props: CardModalProps) {
  return (
    <ExpenseSlotsProvider value={expenseSlots}>
      <CardModal {...props} />
    </ExpenseSlotsProvider>
  );
}
