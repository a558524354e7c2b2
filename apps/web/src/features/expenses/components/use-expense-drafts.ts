import { centavosToInput, type Despesa, EXPENSE_MSG, parseValorToCentavos } from '@os/shared';
import { type FocusEvent, type KeyboardEvent, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { formatCentavos } from '../../../lib/format';
import { type ExpenseUpdate, useUpdateExpense } from '../api/expenses';

export type EditableField = 'data' | 'docnr' | 'valor' | 'tipodespesa' | 'descricao' | 'observacao';

const asUpdate = (d: Despesa): ExpenseUpdate => ({
  data: d.data,
  docnr: d.docnr,
  valor: d.valor,
  observacao: d.observacao,
  descricao: d.descricao,
  tipodespesa: d.tipodespesa,
});

/** The value a cell shows in its input. */
export const cellText = (d: Despesa, field: EditableField) =>
  field === 'valor' ? centavosToInput(Math.round(d.valor * 100)) : String(d[field] ?? '');

/**
 * The cells of an order's expenses edited in place: what is typed stays a draft until blur or Enter saves
 * it (PUT /api/despesa/atualizatabela/{id}); Escape drops it; a refused change restores the stored value
 * and says why. `inputProps` wires a cell's input; `save` is for a select, which saves on change.
 */
export function useExpenseDrafts(orderId: number) {
  const update = useUpdateExpense(orderId);
  // Keyed by `${id}:${field}` while the user types; dropped on save or restore.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // The value cell being edited (`${id}:valor`): it shows the raw '1234,56' only while focused.
  const [editingValor, setEditingValor] = useState<string | null>(null);

  const draftKey = (d: Despesa, field: EditableField) => `${d.id}:${field}`;
  const shownValue = (d: Despesa, field: EditableField) => {
    const draft = drafts[draftKey(d, field)];
    if (field !== 'valor' || editingValor === draftKey(d, field)) return draft ?? cellText(d, field);
    // Not being edited: 'R$ 1.234,56' (docs/ui.md#consistency), also while a typed value is on its way to the server.
    const centavos = draft === undefined ? Math.round(d.valor * 100) : parseValorToCentavos(draft);
    return centavos === undefined ? (draft ?? '') : formatCentavos(centavos);
  };
  const drop = (d: Despesa, field: EditableField) => setDrafts(({ [draftKey(d, field)]: _gone, ...rest }) => rest);

  const save = (d: Despesa, field: EditableField, raw?: string) => {
    const text = raw ?? drafts[draftKey(d, field)];
    if (text === undefined || text === cellText(d, field)) return drop(d, field);
    const body = asUpdate(d);
    if (field === 'valor') {
      const centavos = parseValorToCentavos(text);
      if (centavos === undefined) {
        toast.error(EXPENSE_MSG.valorInvalid);
        return drop(d, field);
      }
      body.valor = centavos / 100;
    } else {
      body[field] = text;
    }
    update.mutate(
      { id: d.id, body },
      {
        onSettled: () => drop(d, field),
        onError: (error) =>
          toast.error(error instanceof ApiError ? `${EXPENSE_MSG.updateFailed} ${error.message}` : EXPENSE_MSG.updateFailed),
      },
    );
  };

  const onKeyDown = (d: Despesa, field: EditableField) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      drop(d, field);
    }
  };

  const inputProps = (d: Despesa, field: EditableField) => ({
    value: shownValue(d, field),
    // Escape in a cell with a typed change cancels that change only (the shared Modal reads this).
    'data-editing': drafts[draftKey(d, field)] !== undefined,
    onChange: (e: { target: { value: string } }) => setDrafts((all) => ({ ...all, [draftKey(d, field)]: e.target.value })),
    onFocus:
      field === 'valor'
        ? (e: FocusEvent<HTMLInputElement>) => {
            const input = e.currentTarget;
            setEditingValor(draftKey(d, field));
            // The raw text replaces the formatted one: select it so typing replaces the value.
            requestAnimationFrame(() => {
              if (document.activeElement === input) input.select();
            });
          }
        : undefined,
    onBlur: () => {
      if (field === 'valor') setEditingValor(null);
      save(d, field);
    },
    onKeyDown: onKeyDown(d, field),
  });

  return { save, inputProps };
}
