import { formatQuantity, MAT_MSG, type OrderMaterial, orderMaterialFormSchema } from '@os/shared';
import { useEffect, useMemo } from 'react';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateOrderMaterial } from '../api/order-materials';

const valuesOf = (line: OrderMaterial) => ({
  materialId: String(line.materialId),
  // '1.234,5' shown as '1234,5': what a person types back.
  quantidade: formatQuantity(line.quantidade).replace(/\./g, ''),
  obs: line.obs,
});

/**
 * 'Editar' of an order's material line (docs/screens.md#order-card-modals): another quantity in the material's unit
 * and the observation; the server moves the difference to or from the vehicle. Online only, like 'Remover'.
 */
export function OrderMaterialEditModal({
  orderId,
  line,
  onClose,
}: {
  orderId: number;
  line: OrderMaterial | null;
  onClose: () => void;
}) {
  const message = useMessage();
  const update = useUpdateOrderMaterial(orderId);
  const schema = useMemo(() => orderMaterialFormSchema(line?.unidade ?? 'un'), [line?.unidade]);
  const { register, handleSubmit, reset, formState } = useSchemaForm(schema, { materialId: '', quantidade: '', obs: '' });
  useEffect(() => {
    if (line) reset(valuesOf(line));
  }, [line, reset]);

  const onSubmit = handleSubmit(async (input) => {
    if (!line) return;
    if (!navigator.onLine) return void message.warning(MAT_MSG.offlineOnly);
    try {
      await update.mutateAsync({ id: line.id, input });
      toast.success(MAT_MSG.lineUpdated);
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : MAT_MSG.lineNotFound);
    }
  });

  return (
    <FormModal
      open={line !== null}
      onClose={onClose}
      dirty={formState.isDirty}
      saving={update.isPending}
      onSubmit={onSubmit}
      title={MAT_MSG.editLineTitle}
      formId="material-line-form"
      submitLabel="Salvar"
      className="flex flex-col gap-3"
    >
      {line && (
        <p className="text-sm">
          <span className="font-semibold">{line.codigo}</span> · {line.descricao}
        </p>
      )}
      <input type="hidden" {...register('materialId')} />
      <Field label={`Quantidade (${line?.unidade ?? ''})`} required error={formState.errors.quantidade?.message}>
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('quantidade')} />}
      </Field>
      <Field label="Observação" error={formState.errors.obs?.message}>
        {(control) => <Input {...control} {...register('obs')} />}
      </Field>
    </FormModal>
  );
}
