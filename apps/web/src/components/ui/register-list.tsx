import { REGISTER_MSG } from '@os/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { ApiError } from '../../lib/api';
import { Button } from './button';
import { useConfirm } from './confirm-dialog';
import { EmptyState } from './empty-state';
import { useMessage } from './message-dialog';
import { PageTitle } from './page-title';
import type { RegisterModalProps } from './register-form';
import { rowActionsColumn } from './row-actions';
import { LoadingBlock } from './spinner';
import { type Column, Table } from './table';
import { toast, useErrorToast } from './toast';

/**
 * Delete a register row: the screen's question first; a refusal (409 while the row is in use) opens the
 * 'Erro!' dialog with the server's reason.
 */
export function useConfirmedDelete(
  remove: { mutateAsync: (id: number) => Promise<unknown> } | undefined,
  texts: { question: string; deleted: string },
) {
  const confirm = useConfirm();
  const message = useMessage();
  return async (row: { id: number }) => {
    if (!remove || !(await confirm({ message: texts.question, confirmLabel: 'Excluir', danger: true }))) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(texts.deleted);
    } catch (error) {
      await message.error(error instanceof ApiError ? error.message : REGISTER_MSG.deleteFailed);
    }
  };
}

/** The 'Ações' column of a register: 'Editar <name>' and, when given, 'Excluir <name>' (in the one order of RowActions). */
export function registerActions<Row>(
  name: (row: Row) => string,
  onEdit: (row: Row) => void,
  onDelete?: (row: NoInfer<Row>) => void,
  className = 'w-28',
): Column<Row> {
  return rowActionsColumn<Row>(
    (row) => [
      { kind: 'edit', label: `Editar ${name(row)}`, icon: <Pencil />, variant: 'primary', onClick: () => onEdit(row) },
      onDelete && { kind: 'delete', label: `Excluir ${name(row)}`, icon: <Trash2 />, onClick: () => void onDelete(row) },
    ],
    { className },
  );
}

export interface RegisterListProps<Row extends { id: number }> {
  title: string;
  documentTitle?: string;
  /** The list's load; its count shows next to the title when `counted`. */
  list: { data?: Row[]; isPending: boolean; error: Error | null };
  counted?: boolean;
  columns: Column<Row>[];
  caption: string;
  empty: string;
  className?: string;
  /** What a row is called in 'Editar <name>' and 'Excluir <name>'. */
  name: (row: Row) => string;
  /** false: read only, no add button and no actions. */
  editable?: boolean;
  /** The add button's text; none: no button. */
  addLabel?: string;
  /** The delete action, its question and what it says when done; none: no delete. */
  remove?: { mutation: { mutateAsync: (id: number) => Promise<unknown> }; question: string; deleted: string };
  actionsClassName?: string;
  /** The form modal, for a row or (row undefined) a new one. */
  form: ComponentType<RegisterModalProps<Row>>;
}

/**
 * A register screen (docs/screens.md#empresas, #users, #tipodespesas, #configuracoes): title with the
 * count and the add button, the list with 'Editar' and 'Excluir', and the form modal.
 */
export function RegisterList<Row extends { id: number }>({
  title,
  documentTitle,
  list,
  counted = true,
  columns,
  caption,
  empty,
  className,
  name,
  editable = true,
  addLabel,
  remove,
  actionsClassName,
  form: Form,
}: RegisterListProps<Row>) {
  const [editing, setEditing] = useState<{ row?: Row } | null>(null);
  const onDelete = useConfirmedDelete(remove?.mutation, remove ?? { question: '', deleted: '' });
  useErrorToast(list.error);
  const all = editable
    ? [...columns, registerActions(name, (row) => setEditing({ row }), remove && onDelete, actionsClassName)]
    : columns;
  return (
    <section>
      <PageTitle
        title={title}
        documentTitle={documentTitle}
        count={counted && list.data ? `(${list.data.length})` : undefined}
        actions={editable && addLabel && <Button onClick={() => setEditing({})}>{addLabel}</Button>}
      />
      {list.isPending ? (
        <LoadingBlock />
      ) : (
        <Table
          columns={all}
          rows={list.data ?? []}
          rowKey={(r) => r.id}
          caption={caption}
          className={className}
          empty={<EmptyState title={empty} className="py-4" />}
        />
      )}
      <Form open={editing !== null} row={editing?.row} onClose={() => setEditing(null)} />
    </section>
  );
}
