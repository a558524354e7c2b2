import type { Lancamento } from '@os/shared';
import { DescriptionModal } from './description-modal';
import { useExpenseSlots } from './expense-slots';
import type { CardAction } from './order-card';
import { OrderViewModal } from './order-view-modal';
import { SignatureModal } from './signature-modal';
import { TimesheetModal } from './timesheet-modal';

export interface CardModalProps {
  action: CardAction;
  order: Lancamento;
  onClose: () => void;
}

/**
 * The modal a card's button opens (docs/screens.md#order-card-modals), its own or another feature's (the slots).
 * Not part of the job list's first draw: app/routes/service-orders-route.tsx loads it after the cards
 * (docs/rules.md#performance-budgets).
 */
export function CardModal({ action, order, onClose }: CardModalProps) {
  const { EntryModal: ExpenseEntryModal, ChecklistModal, MaterialsModal } = useExpenseSlots();
  switch (action) {
    case 'timesheet':
      return <TimesheetModal order={order} onClose={onClose} />;
    case 'descricao':
      return <DescriptionModal order={order} onClose={onClose} />;
    case 'despesas':
      return <ExpenseEntryModal order={order} onClose={onClose} />;
    case 'checklist':
      return ChecklistModal ? <ChecklistModal order={order} onClose={onClose} /> : null;
    case 'materiais':
      return MaterialsModal ? <MaterialsModal order={order} onClose={onClose} /> : null;
    case 'assinar':
      return <SignatureModal order={order} onClose={onClose} />;
    case 'visualizar':
      return <OrderViewModal order={order} onClose={onClose} />;
  }
}
