import { confirmDeleteWithRecordsMessage, ORDER_MSG, type Order } from '@os/shared';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { padNumber } from '../../../lib/format';
import { fetchOrderRecords, useDeleteOrder } from '../api/orders';

/**
 * docs/rules.md#validation: 'Tem certeza que deseja excluir esta OS?'; then, when records go with the order,
 * a second confirmation naming how many (docs/rules.md#order-life-cycle). Answers true when the order was deleted.
 */
export function useDeleteOrderFlow() {
  const confirm = useConfirm();
  const remove = useDeleteOrder();

  const run = async (order: Order): Promise<boolean> => {
    const title = `Excluir OS ${padNumber(order.numero)}`;
    if (!(await confirm({ title, message: ORDER_MSG.confirmDelete, confirmLabel: 'Excluir', danger: true }))) return false;
    try {
      const records = await fetchOrderRecords(order.id);
      if (records.total > 0) {
        const sure = await confirm({
          title,
          message: confirmDeleteWithRecordsMessage(records.total),
          confirmLabel: 'Excluir tudo',
          danger: true,
        });
        if (!sure) return false;
      }
      await remove.mutateAsync(order.id);
      toast.success(ORDER_MSG.deleted);
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      return false;
    }
  };

  return { deleteOrder: run, isDeleting: remove.isPending };
}
