import { type ExpenseType, expenseTypeInputSchema, REGISTER_MSG } from '@os/shared';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { type RegisterModalProps, useRegisterForm } from '../../../components/ui/register-form';
import { useSaveExpenseType } from '../api/expense-types';

const toValues = (expenseType?: ExpenseType) => ({ despesa: expenseType?.despesa ?? '' });

/** docs/screens.md#tipodespesas: 'Novo Tipo de Despesa' / 'Editar Tipo de Despesa'. */
export function ExpenseTypeFormModal(props: RegisterModalProps<ExpenseType>) {
  const form = useRegisterForm({
    ...props,
    schema: expenseTypeInputSchema,
    toValues,
    titles: { new: 'Novo Tipo de Despesa', edit: 'Editar Tipo de Despesa' },
    mutation: useSaveExpenseType(),
    saved: { text: REGISTER_MSG.expenseTypeSaved, in: 'toast' },
  });

  return (
    <FormModal {...form.modal} size="sm" formId="expense-type-form">
      <Field label="Despesa" required error={form.errors.despesa?.message}>
        {(control) => <Input {...control} {...form.register('despesa')} autoFocus maxLength={100} />}
      </Field>
    </FormModal>
  );
}
