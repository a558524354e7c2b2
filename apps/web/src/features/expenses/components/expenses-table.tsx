import { centavosToInput, type Despesa, EXPENSE_MSG, EXPENSE_TYPE_CHOICES, parseValorToCentavos } from '@os/shared';
import { type KeyboardEvent, useState } from 'react';
import { Input, Options, Select } from '../../../components/ui/input';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { formatCentavos } from '../../../lib/format';
import { useExpenseTypes } from '../../../lib/registers';
import { type ExpenseUpdate, useExpenses, useUpdateExpense } from '../api/expenses';

export interface ExpensesTableProps {
  /** The order (OS id) whose expenses are shown. */
  orderId: number;
  /** false for a read-only table (e.g. a Fechado order or a viewer without the right). */
  editable?: boolean;
}

type EditableField = 'data' | 'docnr' | 'valor' | 'tipodespesa' | 'descricao' | 'observacao';

const asUpdate = (d: Despesa): ExpenseUpdate => ({
  data: d.data,
  docnr: d.docnr,
  valor: d.valor,
  observacao: d.observacao,
  descricao: d.descricao,
  tipodespesa: d.tipodespesa,
});

/** The value a cell shows in its input. */
const cellText = (d: Despesa, field: EditableField) =>
  field === 'valor' ? centavosToInput(Math.round(d.valor * 100)) : String(d[field] ?? '');

/**
 * The 'Despesas' table of the view modal (docs/screens.md#order-card-modals): each cell edits in place and saves on blur or
 * Enter (PUT /api/despesa/atualizatabela/{id}); a refused change restores the stored value and says why.
 */
export function ExpensesTable({ orderId, editable = true }: ExpensesTableProps) {
  const list = useExpenses(orderId);
  const types = useExpenseTypes({ staleTime: 5 * 60_000 });
  const update = useUpdateExpense(orderId);
  // Keyed by `${id}:${field}` while the user types; dropped on save or restore.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // The value cell being edited (`${id}:valor`): it shows the raw '1234,56' only while focused.
  const [editingValor, setEditingValor] = useState<string | null>(null);

  if (list.isPending) return <LoadingBlock />;
  if (list.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {EXPENSE_MSG.listFailed}
      </p>
    );
  }
  const rows = list.data;
  const typeNames = types.data?.map((t) => t.despesa) ?? [...EXPENSE_TYPE_CHOICES];

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

  const onKey = (d: Despesa, field: EditableField) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      drop(d, field);
    }
  };

  const text =
    (field: EditableField, label: string, props: { type?: string; inputMode?: 'decimal'; className?: string } = {}) =>
    (d: Despesa) =>
      editable ? (
        <Input
          aria-label={label}
          type={props.type}
          inputMode={props.inputMode}
          className={props.className}
          value={shownValue(d, field)}
          // Escape in a cell with a typed change cancels that change only (the shared Modal reads this).
          data-editing={drafts[draftKey(d, field)] !== undefined}
          onChange={(e) => setDrafts((all) => ({ ...all, [draftKey(d, field)]: e.target.value }))}
          onFocus={
            field === 'valor'
              ? (e) => {
                  const input = e.currentTarget;
                  setEditingValor(draftKey(d, field));
                  // The raw text replaces the formatted one: select it so typing replaces the value.
                  requestAnimationFrame(() => {
                    if (document.activeElement === input) input.select();
                  });
                }
              : undefined
          }
          onBlur={() => {
            if (field === 'valor') setEditingValor(null);
            save(d, field);
          }}
          onKeyDown={onKey(d, field)}
        />
      ) : field === 'valor' ? (
        formatCentavos(Math.round(d.valor * 100))
      ) : (
        cellText(d, field)
      );

  const columns: Column<Despesa>[] = [
    { key: 'data', header: 'Data', cell: text('data', 'Data', { type: 'date', className: 'min-w-36' }) },
    { key: 'docnr', header: 'Documento', cell: text('docnr', 'Documento', { className: 'min-w-24' }) },
    {
      key: 'valor',
      header: 'Valor',
      align: 'right',
      cell: text('valor', 'Valor', { inputMode: 'decimal', className: 'min-w-24 text-right' }),
    },
    {
      key: 'tipodespesa',
      header: 'Tipo',
      cell: (d) =>
        editable ? (
          <Select
            aria-label="Tipo"
            className="min-w-32"
            value={d.tipodespesa}
            onChange={(e) => save(d, 'tipodespesa', e.target.value)}
          >
            <Options values={[...new Set([d.tipodespesa, ...typeNames])]} />
          </Select>
        ) : (
          d.tipodespesa
        ),
    },
    { key: 'descricao', header: 'Descrição', cell: text('descricao', 'Descrição', { className: 'min-w-48' }) },
    {
      key: 'observacao',
      header: 'Observação',
      cell: text('observacao', 'Observação', { className: 'min-w-40' }),
      hideBelow: 'md',
    },
    {
      key: 'imagem',
      header: 'Comprovante',
      align: 'center',
      cell: (d) =>
        d.imagem ? (
          <a href={`/uploads/${d.imagem}`} target="_blank" rel="noreferrer" className="inline-block">
            <img
              src={`/uploads/${d.imagem}`}
              alt={`Comprovante ${d.docnr}`}
              className="size-10 rounded object-cover"
              loading="lazy"
            />
          </a>
        ) : (
          '—'
        ),
    },
  ];

  const total = rows.reduce((sum, d) => sum + Math.round(d.valor * 100), 0);
  return (
    <div className="flex flex-col gap-2">
      <Table columns={columns} rows={rows} rowKey={(d) => d.id} empty={EXPENSE_MSG.emptyTable} caption="Despesas" />
      {rows.length > 0 && (
        <p className="text-right text-sm font-medium tabular-nums text-slate-700 dark:text-slate-200">
          Total: {formatCentavos(total)}
        </p>
      )}
    </div>
  );
}
