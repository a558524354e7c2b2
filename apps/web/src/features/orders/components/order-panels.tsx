/**
 * Where 'Editar OS' meets another feature: panels shown under the order's form (the checklists feature's
 * 'Checklist', the materials feature's 'Materiais'), given by the page that composes the features (app/routes/orders-route.tsx), so this feature
 * never imports another one (docs/architecture.md#direction-of-imports).
 */
import { type ComponentType, createContext, useContext } from 'react';

export interface OrderPanels {
  /** Shown under the form of an existing order; `editable` is false once the order is Fechado. */
  After?: ComponentType<{ orderId: number; editable: boolean }>;
}

const OrderPanelsContext = createContext<OrderPanels>({});

export const OrderPanelsProvider = OrderPanelsContext.Provider;
export const useOrderPanels = () => useContext(OrderPanelsContext);
