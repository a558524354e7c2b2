import { fetchOrder } from '../../features/orders/api/orders';
import { useOrderActions } from '../../features/orders/components/use-order-actions';
import { RequestsPage } from '../../features/requests/components/requests-page';

/**
 * /solicitacoes (docs/screens.md#solicitacoes): 'Gerar OS' makes the order on the server, then opens it in
 * 'Editar OS' so the office picks the technician and the visit (docs/decisions.md).
 */
export function RequestsRoute() {
  const actions = useOrderActions();
  return (
    <>
      <RequestsPage
        onConverted={async (os) => {
          try {
            actions.edit(await fetchOrder(os.id));
          } catch {
            // The order exists; the list of orders opens it as well.
          }
        }}
      />
      {actions.modals}
    </>
  );
}
