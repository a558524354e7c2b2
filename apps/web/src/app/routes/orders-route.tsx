import { ORDER_MSG } from '@os/shared';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { OrderListPage } from '../../features/orders/components/order-list';
import { useAuth } from '../../lib/auth';

/** /os 'Gestão de Ordens de Serviço' (docs/screens.md#os); what each role may do: docs/rules.md#permissions. */
export function OrdersRoute() {
  const { isTec } = useAuth();
  const mayWrite = !isTec;
  const [params] = useSearchParams();
  const abrir = Number(params.get('abrir'));
  return (
    <OrderListPage
      title={ORDER_MSG.pageTitle}
      documentTitle="Ordem de Serviços"
      // The screen's filter: Aberto, 'Em andamento' (value Andamento), Concluído.
      statuses={['Aberto', 'Andamento', 'Concluído']}
      show={mayWrite ? ['edit', 'sendMail', 'sendApproval', 'delete'] : undefined}
      titleActions={(actions) => mayWrite && <Button onClick={() => actions.create()}>{ORDER_MSG.newButton}</Button>}
      openOrderId={mayWrite && Number.isInteger(abrir) && abrir > 0 ? abrir : undefined}
    />
  );
}
