import { ORDER_MSG } from '@os/shared';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { OrderChecklistPanel } from '../../features/checklists/components/checklist-section';
import { OrderMaterialsPanel } from '../../features/materials/components/order-materials-modal';
import { OrderListPage } from '../../features/orders/components/order-list';
import { type OrderPanels, OrderPanelsProvider } from '../../features/orders/components/order-panels';
import { useAuth } from '../../lib/auth';

/** /os 'Gestão de Ordens de Serviço' (docs/screens.md#os); what each role may do: docs/rules.md#permissions. */
export function OrdersRoute() {
  const { isTec } = useAuth();
  const mayWrite = !isTec;
  const [params] = useSearchParams();
  const abrir = Number(params.get('abrir'));
  return (
    <OrderPanelsProvider value={panels}>
      <OrderListPage
        title={ORDER_MSG.pageTitle}
        documentTitle="Ordem de Serviços"
        // The screen's filter: Aberto, 'Em andamento' (value Andamento), Concluído.
        statuses={['Aberto', 'Andamento', 'Concluído']}
        show={mayWrite ? ['edit', 'sendMail', 'sendApproval', 'delete'] : undefined}
        titleActions={(actions) => mayWrite && <Button onClick={() => actions.create()}>{ORDER_MSG.newButton}</Button>}
        openOrderId={mayWrite && Number.isInteger(abrir) && abrir > 0 ? abrir : undefined}
      />
    </OrderPanelsProvider>
  );
}

/**
 * 'Editar OS' shows the order's checklist (docs/rules.md#checklists) and its materials, where the office adds them
 * (docs/rules.md#materials-and-stock).
 */
function OrderAfterPanels({ orderId, editable }: { orderId: number; editable: boolean }) {
  return (
    <>
      <OrderChecklistPanel orderId={orderId} />
      <section aria-label="Materiais" className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        <h3 className="text-sm font-semibold">Materiais</h3>
        <OrderMaterialsPanel orderId={orderId} editable={editable} />
      </section>
    </>
  );
}

const panels: OrderPanels = { After: OrderAfterPanels };
