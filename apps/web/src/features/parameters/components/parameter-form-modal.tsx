import { parameterInputSchema, REGISTER_MSG, type SystemParameter } from '@os/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal, useUnsavedChangesGuard } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api';
import { useUpdateParameter } from '../api/update-parameter';

type FormValues = { inicio: string; fim: string; valor: string };

export interface ParameterFormModalProps {
  parameter?: SystemParameter;
  onClose: () => void;
}

/** Spec §2.18 'Editar Parâmetro': the band's times (HH:mm; 24:00 = end of day) and its value in R$. */
export function ParameterFormModal({ parameter, onClose }: ParameterFormModalProps) {
  const message = useMessage();
  const update = useUpdateParameter();
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues>();
  const errors = formState.errors;
  const guard = useUnsavedChangesGuard(formState.isDirty && !update.isPending, onClose);

  useEffect(() => {
    if (parameter) reset({ inicio: parameter.inicio, fim: parameter.fim, valor: parameter.valor.toFixed(2) });
  }, [parameter, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!parameter) return;
    const parsed = parameterInputSchema.safeParse({ ...values, id: parameter.id, tipo: parameter.tipo });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const text = issue?.message ?? REGISTER_MSG.valorInvalid;
      setError(String(issue?.path[0] ?? 'valor') as keyof FormValues, { message: text });
      await message.error(text);
      return;
    }
    try {
      await update.mutateAsync({ ...parsed.data, id: parameter.id });
      onClose();
      await message.success(REGISTER_MSG.parameterSaved);
    } catch (error) {
      await message.error(error instanceof ApiError ? error.message : REGISTER_MSG.saveFailed);
    }
  });

  return (
    <Modal
      open={parameter !== undefined}
      onOpenChange={(next) => !next && onClose()}
      onBeforeClose={guard.confirmClose}
      title="Editar Parâmetro"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={guard.cancel}>
            Cancelar
          </Button>
          <Button type="submit" form="parameter-form" loading={update.isPending}>
            Salvar
          </Button>
        </>
      }
    >
      <form id="parameter-form" noValidate onSubmit={onSubmit} className="grid grid-cols-2 gap-3">
        <Field label="Tipo Hora" className="col-span-2">
          {(control) => <Input {...control} value={parameter?.tipo ?? ''} readOnly disabled />}
        </Field>
        <Field label="Inicio" error={errors.inicio?.message}>
          {(control) => <Input {...control} {...register('inicio')} placeholder="HH:mm" inputMode="numeric" maxLength={5} />}
        </Field>
        <Field label="Fim" error={errors.fim?.message}>
          {(control) => <Input {...control} {...register('fim')} placeholder="HH:mm" inputMode="numeric" maxLength={5} />}
        </Field>
        <Field label="Valor (R$)" error={errors.valor?.message} className="col-span-2">
          {(control) => <Input {...control} {...register('valor')} type="number" step="0.01" min="0" inputMode="decimal" />}
        </Field>
      </form>
    </Modal>
  );
}
