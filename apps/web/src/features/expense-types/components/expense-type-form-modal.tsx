import { type ExpenseType, expenseTypeInputSchema, REGISTER_MSG } from '@os/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal, useUnsavedChangesGuard } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useSaveExpenseType } from '../api/save-expense-type';

export interface ExpenseTypeFormModalProps {
  open: boolean;
  expenseType?: ExpenseType;
  onClose: () => void;
}

/** Spec §2.12: 'Novo Tipo de Despesa' / 'Editar Tipo de Despesa'. */
export function ExpenseTypeFormModal({ open, expenseType, onClose }: ExpenseTypeFormModalProps) {
  const message = useMessage();
  const save = useSaveExpenseType();
  const { register, handleSubmit, reset, setError, formState } = useForm<{ despesa: string }>({ defaultValues: { despesa: '' } });
  const guard = useUnsavedChangesGuard(formState.isDirty && !save.isPending, onClose);

  useEffect(() => {
    if (open) reset({ despesa: expenseType?.despesa ?? '' });
  }, [open, expenseType, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const parsed = expenseTypeInputSchema.safeParse(values);
    if (!parsed.success) {
      const text = parsed.error.issues[0]?.message ?? REGISTER_MSG.expenseTypeRequired;
      setError('despesa', { message: text });
      await message.error(text);
      return;
    }
    try {
      await save.mutateAsync({ id: expenseType?.id, input: parsed.data });
      onClose();
      toast.success(REGISTER_MSG.expenseTypeSaved);
    } catch (error) {
      await message.error(error instanceof ApiError ? error.message : REGISTER_MSG.saveFailed);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      onBeforeClose={guard.confirmClose}
      title={expenseType ? 'Editar Tipo de Despesa' : 'Novo Tipo de Despesa'}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={guard.cancel}>
            Cancelar
          </Button>
          <Button type="submit" form="expense-type-form" loading={save.isPending}>
            {expenseType ? 'Salvar' : 'Criar'}
          </Button>
        </>
      }
    >
      <form id="expense-type-form" noValidate onSubmit={onSubmit}>
        <Field label="Despesa" required error={formState.errors.despesa?.message}>
          {(control) => <Input {...control} {...register('despesa')} autoFocus maxLength={100} />}
        </Field>
      </form>
    </Modal>
  );
}
