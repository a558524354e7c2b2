import {
  formatQuantity,
  type Lancamento,
  MAT_MSG,
  type Material,
  orderMaterialFormSchema,
  type PlannedMaterial,
  padNumber,
} from '@os/shared';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api';
import { announceWrite, newIdempotencyKey } from '../../../lib/offline/write';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { useMaterialCatalogue } from '../api/materials';
import { useCreateOrderMaterial } from '../api/order-materials';
import { MaterialPicker } from './material-picker';
import { OrderMaterialLines } from './order-material-lines';
import { PlannedMaterials } from './planned-materials';

const BLANK = { materialId: '', quantidade: '', obs: '' };

/**
 * The form that adds a line to an order: search the register by código or descrição, the quantity in the
 * material's unit, the observation. Each line is sent once with its Idempotency-Key; without signal it waits on
 * the phone marked Pendente (docs/rules.md#offline-sync).
 */
export function OrderMaterialAddForm({ orderId, planned = [] }: { orderId: number; planned?: PlannedMaterial[] }) {
  const message = useMessage();
  const catalogue = useMaterialCatalogue();
  const save = useCreateOrderMaterial();
  const [key, setKey] = useState(newIdempotencyKey);
  const [chosen, setChosen] = useState<Material | null>(null);
  const schema = useMemo(() => orderMaterialFormSchema(chosen?.unidade ?? 'un'), [chosen?.unidade]);
  const { register, handleSubmit, setValue, setFocus, reset } = useSchemaForm(schema, BLANK);
  const formId = `materiais-form-${orderId}`;

  const choose = (material: Material | null) => {
    setChosen(material);
    setValue('materialId', material ? String(material.id) : '');
  };

  // 'Usar' on a planned material: the material and the planned quantity, for the technician to confirm or change.
  const use = (item: PlannedMaterial) => {
    const material = catalogue.data?.find((m) => m.id === item.materialId);
    if (!material) {
      void message.warning(MAT_MSG.materialInactive);
      return;
    }
    choose(material);
    setValue('quantidade', String(item.quantidade).replace('.', ','));
    setFocus('quantidade');
  };

  const submit = handleSubmit(
    async (line) => {
      try {
        const answer = await save.mutateAsync({ input: { ...line, osId: orderId }, key });
        announceWrite(answer, `${MAT_MSG.lineSaved} ${formatQuantity(line.quantidade)} ${chosen?.unidade ?? ''}`.trim());
        // Saved or kept on the phone: the next line is a new entry with its own key.
        setKey(newIdempotencyKey());
        reset(BLANK);
        setChosen(null);
      } catch (error) {
        void message.error(error instanceof ApiError ? error.message : MAT_MSG.lineNotFound);
      }
    },
    (errors) => void message.warning(firstError(errors) ?? MAT_MSG.pickFirst),
  );

  return (
    <form id={formId} aria-label={MAT_MSG.addButton} onSubmit={submit} className="flex flex-col gap-3">
      <PlannedMaterials orderId={orderId} planned={planned} onUse={use} />
      <MaterialPicker catalogue={catalogue.data ?? []} chosen={chosen} onChoose={choose} />
      <input type="hidden" {...register('materialId')} />
      <Field label={chosen ? `Quantidade (${chosen.unidade})` : 'Quantidade'} required>
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('quantidade')} />}
      </Field>
      <Field label="Observação">{(control) => <Input {...control} {...register('obs')} />}</Field>
      <Button type="submit" className="min-h-11" loading={save.isPending}>
        {MAT_MSG.addButton}
      </Button>
    </form>
  );
}

/**
 * The office's materials of an order (the order view and 'Editar OS'): the lines with their prices and, while the
 * order is open, the form that adds one (docs/rules.md#materials-and-stock: the technician and the office add them).
 */
export function OrderMaterialsPanel({ orderId, editable }: { orderId: number; editable: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      {editable && <OrderMaterialAddForm orderId={orderId} />}
      <OrderMaterialLines orderId={orderId} editable={editable} prices />
    </div>
  );
}

/**
 * 'Materiais' of the job card (docs/screens.md#order-card-modals): the planned materials, the add form and the list
 * of what this order used, without prices.
 */
export function OrderMaterialsModal({
  order,
  onClose,
  planned,
}: {
  order: Lancamento;
  onClose: () => void;
  /** The order's planned materials (from the quote it came from), offered with 'Usar'. */
  planned?: PlannedMaterial[];
}) {
  const editable = order.status !== 'Fechado';
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={MAT_MSG.orderTitle}
      description={`OS ${padNumber(order.numero)} · ${order.cliente}`}
    >
      {editable && <OrderMaterialAddForm orderId={order.id} planned={planned} />}
      <div className="mt-5">
        <OrderMaterialLines orderId={order.id} editable={editable} prices={false} />
      </div>
    </Modal>
  );
}
