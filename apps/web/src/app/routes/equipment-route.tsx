import { equipmentName } from '@os/shared';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ReadingsCharts } from '../../features/checklists/components/readings-charts';
import { EquipmentDetail } from '../../features/equipment/components/equipment-detail';
import { LabelLink } from '../../features/equipment/components/label-link';
import { useOrderActions } from '../../features/orders/components/use-order-actions';
import { useAuth } from '../../lib/auth';

/** /equipamentos/{id} (docs/screens.md#equipamentos-id): the equipment with its history and its readings' charts; 'Nova OS' prefilled, 'Imprimir etiqueta'. */
export function EquipmentRoute() {
  const { id } = useParams();
  const { isTec } = useAuth();
  const actions = useOrderActions();
  return (
    <>
      <EquipmentDetail
        id={Number(id)}
        actions={(e) => (
          <>
            <LabelLink ids={[e.id]}>Imprimir etiqueta</LabelLink>
            {!isTec && (
              <Button
                onClick={() =>
                  actions.create({
                    clienteId: e.clienteId,
                    equipamentoId: e.id,
                    equipamento: equipmentName(e),
                    nr_serie: e.numeroSerie,
                  })
                }
              >
                Nova OS
              </Button>
            )}
          </>
        )}
      />
      <ReadingsCharts equipmentId={Number(id)} />
      {actions.modals}
    </>
  );
}
