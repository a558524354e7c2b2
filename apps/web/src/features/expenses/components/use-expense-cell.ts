import {
  centavosToInput,
  type Despesa,
  EXPENSE_MSG,
  type ExpenseRowFormValues,
  expenseRowFormSchema,
  parseValorToCentavos,
  sentence,
} from '@os/shared';
import { type FocusEvent, type KeyboardEvent, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { formatCentavos } from '../../../lib/format';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateExpense } from '../api/expenses';

export type EditableField = keyof ExpenseRowFormValues;

/** An expense as its row's form holds it: each cell's text, the value as '1234,56'. */
export const rowValues = (d: Despesa): ExpenseRowFormValues => ({
  data: d.data,
  docnr: d.docnr,
  valor: centavosToInput(Math.round(d.valor * 100)),
  tipodespesa: d.tipodespesa,
  descricao: d.descricao,
  observacao: d.observacao ?? '',
});

/** 'Não foi possível atualizar a despesa. O valor anterior foi restaurado.' and the reason, when there is one. */
const updateFailed = (reason: string | undefined) =>
  reason ? `${EXPENSE_MSG.updateFailed} ${sentence(reason)}` : EXPENSE_MSG.updateFailed;

/**
 * One cell of an expense edited in place (docs/screens.md#order-card-modals): a form of its row's values
 * (`expenseRowFormSchema`, the body the server parses) with this one field typed. What is typed stays a
 * draft until blur or Enter saves it (PUT /api/despesa/atualizatabela/{id}); Escape drops it; a refused
 * change restores the stored value and says why. `inputProps` wires a text cell; `save` is for a select,
 * which saves on change.
 */
export function useExpenseCell(orderId: number, d: Despesa, field: EditableField) {
  const update = useUpdateExpense(orderId);
  const stored = rowValues(d);
  // New data from the server shows at once, unless a change is being typed in this cell.
  const { watch, setValue, getValues, reset, handleSubmit } = useSchemaForm(expenseRowFormSchema, stored, {
    values: stored,
    resetOptions: { keepDirtyValues: true },
  });
  // The value cell shows the raw '1234,56' only while focused.
  const [focused, setFocused] = useState(false);
  // Back to stored values, what was typed dropped.
  const restore = (values: ExpenseRowFormValues) => reset(values, { keepDirtyValues: false });
  const typed = watch(field);
  const changed = typed !== stored[field];

  const save = (raw?: string) => {
    if (raw !== undefined) setValue(field, raw, { shouldDirty: true });
    if (getValues(field) === stored[field]) return restore(stored);
    void handleSubmit(
      (body) =>
        update.mutate(
          { id: d.id, body },
          {
            onSuccess: (saved) => restore(rowValues(saved)),
            onError: (error) => {
              restore(stored);
              toast.error(updateFailed(error instanceof ApiError ? error.message : undefined));
            },
          },
        ),
      (errors) => {
        restore(stored);
        // A value that is no amount says so alone, as it always did.
        toast.error(errors.valor?.message ?? updateFailed(firstError(errors)));
      },
    )();
  };

  // Not being edited, the value is 'R$ 1.234,56' (docs/ui.md#consistency), also while a typed one is on its way to the server.
  const centavos = field === 'valor' && !focused ? parseValorToCentavos(typed) : undefined;
  const inputProps = {
    value: centavos === undefined ? typed : formatCentavos(centavos),
    // Escape in a cell with a typed change cancels that change only (the shared Modal reads this).
    'data-editing': changed,
    onChange: (e: { target: { value: string } }) => setValue(field, e.target.value, { shouldDirty: true }),
    onFocus:
      field === 'valor'
        ? (e: FocusEvent<HTMLInputElement>) => {
            const input = e.currentTarget;
            setFocused(true);
            // The raw text replaces the formatted one: select it so typing replaces the value.
            requestAnimationFrame(() => {
              if (document.activeElement === input) input.select();
            });
          }
        : undefined,
    onBlur: () => {
      setFocused(false);
      save();
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        event.currentTarget.blur();
      } else if (event.key === 'Escape') {
        event.stopPropagation();
        restore(stored);
      }
    },
  };

  return { save, inputProps, value: typed };
}
