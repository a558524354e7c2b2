import { formatCentavos, formatQuantity, MAT_MSG, type OrderMaterial } from '@os/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { IconButton } from '../../../components/ui/icon-button';
import { useMessage } from '../../../components/ui/message-dialog';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useDeleteOrderMaterial, useOrderMaterials } from '../api/order-materials';
import { OrderMaterialEditModal } from './order-material-edit-modal';

/**
 * The materials an order used (docs/screens.md#order-card-modals and the order view): código, descrição,
 * quantidade with the unit and, where `prices`, the price kept on the line and its total; 'Editar' (quantity and
 * observation) and 'Remover' while the order is open, both online only.
 */
export function OrderMaterialLines({ orderId, editable, prices }: { orderId: number; editable: boolean; prices: boolean }) {
  const lines = useOrderMaterials(orderId);
  const remove = useDeleteOrderMaterial(orderId);
  const confirm = useConfirm();
  const message = useMessage();
  const [editing, setEditing] = useState<OrderMaterial | null>(null);
  const rows = lines.data ?? [];

  const onEdit = (line: OrderMaterial) => {
    if (!navigator.onLine) return void message.warning(MAT_MSG.offlineOnly);
    setEditing(line);
  };

  const onRemove = async (line: OrderMaterial) => {
    if (!navigator.onLine) return void message.warning(MAT_MSG.offlineOnly);
    if (!(await confirm({ message: MAT_MSG.removeConfirm, danger: true, confirmLabel: 'Remover' }))) return;
    try {
      await remove.mutateAsync(line.id);
      toast.success(MAT_MSG.lineDeleted);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MAT_MSG.lineNotFound);
    }
  };

  const columns: Column<OrderMaterial>[] = [
    { key: 'codigo', header: 'Código', cell: (l) => l.codigo },
    { key: 'descricao', header: 'Descrição', cell: (l) => (l.obs ? `${l.descricao} (${l.obs})` : l.descricao) },
    { key: 'quantidade', header: 'Quantidade', align: 'right', cell: (l) => `${formatQuantity(l.quantidade)} ${l.unidade}` },
  ];
  if (prices)
    columns.push(
      { key: 'preco', header: 'Preço', align: 'right', cell: (l) => formatCentavos(l.precoCentavos) },
      { key: 'total', header: 'Total', align: 'right', cell: (l) => formatCentavos(l.totalCentavos) },
    );
  if (editable)
    columns.push({
      key: 'acoes',
      header: <span className="sr-only">Ações</span>,
      label: 'Ações',
      cell: (l) => (
        <div className="flex justify-end gap-1">
          <IconButton
            label={`Editar ${l.codigo}`}
            icon={<Pencil className="size-4" aria-hidden="true" />}
            onClick={() => onEdit(l)}
          />
          <IconButton
            label={`Remover ${l.codigo}`}
            variant="danger"
            icon={<Trash2 className="size-4" aria-hidden="true" />}
            onClick={() => void onRemove(l)}
          />
        </div>
      ),
    });

  const total = rows.reduce((s, l) => s + l.totalCentavos, 0);
  return (
    <div className="flex flex-col gap-2">
      <Table
        columns={columns}
        rows={rows}
        rowKey={(l) => l.id}
        caption={MAT_MSG.orderTitle}
        empty={lines.isPending ? 'Carregando...' : MAT_MSG.orderEmpty}
      />
      {prices && rows.length > 0 && (
        <p className="text-right text-sm font-semibold tabular-nums">Total de materiais: {formatCentavos(total)}</p>
      )}
      {editable && <OrderMaterialEditModal orderId={orderId} line={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
