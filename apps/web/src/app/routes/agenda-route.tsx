import { AgendaPage } from '../../features/agenda/components/agenda-page';
import { notifyOrderNow, scheduleOrder } from '../../features/orders/api/orders';

/**
 * /agenda 'Agenda' (docs/screens.md#agenda): the office plans who goes where and when (admin and user). The
 * board is the agenda feature's; the write that schedules an order (PUT /api/os/{id}/agenda) is the orders feature's.
 */
export function AgendaRoute() {
  return <AgendaPage scheduleOrder={scheduleOrder} notifyNow={notifyOrderNow} />;
}
