import { lazy } from 'react';
import { fetchOrder, notifyOnTheWay } from '../../features/orders/api/field-calls';
import { type CardModals, ServiceOrdersPage } from '../../features/timesheet/components/service-orders-page';

// The cards' modals, their forms and schemas: code of their own, asked for once the cards are drawn
// (docs/rules.md#performance-budgets) and kept by the service worker like the list's.
const loadModals = () => import('./service-orders-modals');
const modals: CardModals = {
  Modal: lazy(async () => ({ default: (await loadModals()).OrderCardModal })),
  preload: loadModals,
};

/**
 * /service-orders (docs/screens.md#service-orders): the engineer's list, with the orders feature's read of one
 * order (the notice of an order that left the list concluded) and its 'A caminho'.
 */
export function ServiceOrdersRoute() {
  return <ServiceOrdersPage fetchOrder={fetchOrder} onTheWay={notifyOnTheWay} modals={modals} />;
}
