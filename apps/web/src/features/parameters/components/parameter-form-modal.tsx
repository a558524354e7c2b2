import { parameterInputSchema, REGISTER_MSG, type SystemParameter } from '@os/shared';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { type RegisterModalProps, useRegisterForm } from '../../../components/ui/register-form';
import { useUpdateParameter } from '../api/parameters';

const toValues = (parameter?: SystemParameter) => ({
  inicio: parameter?.inicio ?? '',
  fim: parameter?.fim ?? '',
  valor: parameter ? parameter.valor.toFixed(2) : '',
});

/** docs/screens.md#configuracoes 'Editar Parâmetro': the band's times (HH:mm; 24:00 = end of day) and its value in R$. */
export function ParameterFormModal(props: RegisterModalProps<SystemParameter>) {
  const parameter = props.row;
  const update = useUpdateParameter();
  const { register, errors, ...form } = useRegisterForm({
    ...props,
    schema: parameterInputSchema,
    toValues,
    // The band keeps its tipo; only its times and value change.
    titles: { new: 'Editar Parâmetro', edit: 'Editar Parâmetro' },
    mutation: {
      mutateAsync: ({ id, input }) => update.mutateAsync({ ...input, id: id ?? 0, tipo: parameter?.tipo }),
      isPending: update.isPending,
    },
    saved: { text: REGISTER_MSG.parameterSaved, in: 'dialog' },
  });

  return (
    <FormModal {...form.modal} size="sm" formId="parameter-form" className="grid grid-cols-2 gap-3">
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
    </FormModal>
  );
}
