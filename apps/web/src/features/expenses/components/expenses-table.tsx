import { type Despesa, EXPENSE_MSG, EXPENSE_TYPE_CHOICES } from '@os/shared';
import { Input, Options, Select } from '../../../components/ui/input';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { formatCentavos } from '../../../lib/format';
import { useExpenseTypes } from '../../../lib/registers';
import { useExpenses } from '../api/expenses';
import { type EditableField, rowValues, useExpenseCell } from './use-expense-cell';

interface CellProps {
  orderId: number;
  expense: Despesa;
  field: EditableField;
  label: string;
  type?: string;
  inputMode?: 'decimal';
  className?: string;
}

/** A text cell edited in place: saved on blur or Enter. */
function TextCell({ orderId, expense, field, label, ...props }: CellProps) {
  const { inputProps } = useExpenseCell(orderId, expense, field);
  return <Input aria-label={label} {...props} {...inputProps} />;
}

/** The type's select: saved on change. */
function TypeCell({ orderId, expense, typeNames }: { orderId: number; expense: Despesa; typeNames: string[] }) {
  const { save, value } = useExpenseCell(orderId, expense, 'tipodespesa');
  return (
    <Select aria-label="Tipo" className="min-w-32" value={value} onChange={(e) => save(e.target.value)}>
      <Options values={[...new Set([expense.tipodespesa, ...typeNames])]} />
    </Select>
  );
}

export interface ExpensesTableProps {
  /** The order (OS id) whose expenses are shown. */
  orderId: number;
  /** false for a read-only table (e.g. a Fechado order or a viewer without the right). */
  editable?: boolean;
}

/**
 * The 'Despesas' table of the view modal (docs/screens.md#order-card-modals): each cell edits in place and saves on blur or
 * Enter (PUT /api/despesa/atualizatabela/{id}); a refused change restores the stored value and says why.
 */
export function ExpensesTable({ orderId, editable = true }: ExpensesTableProps) {
  const list = useExpenses(orderId);
  const types = useExpenseTypes({ staleTime: 5 * 60_000 });

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

  const text =
    (field: EditableField, label: string, props: { type?: string; inputMode?: 'decimal'; className?: string } = {}) =>
    (d: Despesa) =>
      editable ? (
        <TextCell orderId={orderId} expense={d} field={field} label={label} {...props} />
      ) : field === 'valor' ? (
        formatCentavos(Math.round(d.valor * 100))
      ) : (
        rowValues(d)[field]
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
      cell: (d) => (editable ? <TypeCell orderId={orderId} expense={d} typeNames={typeNames} /> : d.tipodespesa),
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
