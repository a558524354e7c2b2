import { fetchOrder, notifyOnTheWay } from '../../features/orders/api/field-calls';
import { ServiceOrdersPage } from '../../features/timesheet/components/service-orders-page';
import { lazyComponent } from '../../lib/lazy-component';

// The cards' modals, their forms and schemas: code of their own, asked for once the cards are drawn
// (docs/rules.md#performance-budgets) and kept by the service worker like the list's.
const OrderCardModal = lazyComponent(async () => (await import('./service-orders-modals')).OrderCardModal);

/**
 * /service-orders (docs/screens.md#service-orders): the engineer's list, with the orders feature's read of one
 * order (the notice of an order that left the list concluded) and its 'A caminho'.
 */
export function ServiceOrdersRoute() {
  return <ServiceOrdersPage fetchOrder={fetchOrder} onTheWay={notifyOnTheWay} modal={OrderCardModal} />;
}
