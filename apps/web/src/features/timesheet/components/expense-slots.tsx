/**
 * Where the order card meets the expenses feature: the card's 'Add Despesas' modal and the 'Despesas'
 * table of the view modal (and the equipment feature's 'Equipamento do cliente' section) are given by
 * the page that composes the features
 * (app/routes/service-orders-route.tsx), so this feature never imports another one
 * (docs/architecture.md#direction-of-imports).
 */
import type { Lancamento } from '@os/shared';
import { type ComponentType, createContext, useContext } from 'react';

export interface ExpenseSlots {
  /** 'Lançamento de Despesas' for an order of the list. */
  EntryModal: ComponentType<{ order: Lancamento; onClose: () => void }>;
  /** The 'Despesas' table of the view modal. */
  Section: ComponentType<{ orderId: number; editable: boolean }>;
  /** The view modal's 'Equipamento do cliente' section for an order linked to registered equipment. */
  Equipment?: ComponentType<{ id: number }>;
  /** The checklists feature's 'Checklist' of a card, the view modal's section and the signature modal's notice. */
  ChecklistModal?: ComponentType<{ order: Lancamento; onClose: () => void }>;
  ChecklistSection?: ComponentType<{ orderId: number }>;
  ChecklistNotice?: ComponentType<{ orderId: number }>;
  /** The card's 'Materiais' modal (the materials feature, docs/screens.md#order-card-modals). */
  MaterialsModal?: ComponentType<{ order: Lancamento; onClose: () => void }>;
  /** The view modal's 'Materiais' table. */
  MaterialsSection?: ComponentType<{ orderId: number; editable: boolean }>;
  /** The view modal's 'Fotos do cliente': the photos of the request the order was made from (docs/rules.md#portal). */
  ClientPhotos?: ComponentType<{ orderId: number }>;
}

const Nothing = () => null;
const ExpenseSlotsContext = createContext<ExpenseSlots>({ EntryModal: Nothing, Section: Nothing });

export const ExpenseSlotsProvider = ExpenseSlotsContext.Provider;
export const useExpenseSlots = () => useContext(ExpenseSlotsContext);
