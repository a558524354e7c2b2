import { type Client, equipmentLabel, equipmentName, type Order } from '@os/shared';
import { useMemo } from 'react';
import { useErrorToast } from '../../../components/ui/toast';
import { useAllClients, useClientEquipment, useUsers } from '../../../lib/registers';

/** An equipment choice of the order form: its label, and the name and serial it fills in. */
export interface EquipmentOption {
  id: number;
  label: string;
  name: string;
  serial: string;
}

/**
 * The order form's dropdowns (docs/screens.md#os): the clients, the technicians and the chosen client's
 * active equipment (docs/rules.md#equipment), each with the order's own choice kept when it is not in the
 * list any more. A failed load says so in a toast.
 */
export function useOrderFormOptions({
  open,
  order,
  chosenClient,
}: {
  open: boolean;
  order: Order | null;
  chosenClient?: number;
}) {
  const clients = useAllClients({ enabled: open });
  const users = useUsers({ enabled: open, staleTime: 60_000 });
  const clientEquipment = useClientEquipment(open ? chosenClient : undefined);
  useErrorToast(clients.error ?? users.error);

  // The technicians, plus the order's own technician when they are not one.
  const technicians = useMemo(() => {
    const options = new Map<number, string>();
    for (const u of users.data ?? []) if (u.role === 'tec') options.set(u.id, u.nome_completo || u.username);
    if (order?.engenheiroId && !options.has(order.engenheiroId)) {
      options.set(order.engenheiroId, order.engenheiroNome || order.engenheiro);
    }
    return [...options].sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'));
  }, [users.data, order]);

  const clientOptions = useMemo(() => {
    const list: Pick<Client, 'id' | 'razao' | 'cidade' | 'contato'>[] = [...(clients.data ?? [])];
    if (order && !list.some((c) => c.id === order.clienteId))
      list.push({ id: order.clienteId, razao: order.cliente, cidade: order.cidade, contato: '' });
    return list.sort((a, b) => a.razao.localeCompare(b.razao, 'pt-BR'));
  }, [clients.data, order]);

  const equipment = useMemo(() => {
    const list: EquipmentOption[] = (clientEquipment.data ?? []).map((e) => ({
      id: e.id,
      label: equipmentLabel(e),
      name: equipmentName(e),
      serial: e.numeroSerie,
    }));
    if (
      order?.equipamentoId &&
      String(order.clienteId) === String(chosenClient) &&
      !list.some((e) => e.id === order.equipamentoId)
    )
      list.push({
        id: order.equipamentoId,
        label: `${order.equipamento} — ${order.nr_serie}`,
        name: order.equipamento,
        serial: order.nr_serie,
      });
    return list;
  }, [clientEquipment.data, order, chosenClient]);

  return { technicians, clients: clientOptions, equipment };
}
