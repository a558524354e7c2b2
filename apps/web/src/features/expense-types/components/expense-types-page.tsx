import { type ExpenseType, REGISTER_MSG } from '@os/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { useMessage } from '../../../components/ui/message-dialog';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useDeleteExpenseType } from '../api/delete-expense-type';
import { useExpenseTypes } from '../api/get-expense-types';
import { ExpenseTypeFormModal } from './expense-type-form-modal';

/** Spec §2.12 'Gestão de Tipos de Despesas'; delete works (DECISIONS.md §2). */
export function ExpenseTypesPage() {
  const { isAdmin } = useAuth();
  const confirm = useConfirm();
  const message = useMessage();
  const types = useExpenseTypes();
  const remove = useDeleteExpenseType();
  const [editing, setEditing] = useState<{ expenseType?: ExpenseType } | null>(null);

  useEffect(() => {
    if (types.error) toast.error(types.error.message);
  }, [types.error]);

  const onDelete = async (row: ExpenseType) => {
    if (!(await confirm({ message: REGISTER_MSG.expenseTypeDeleteConfirm, confirmLabel: 'Excluir', danger: true }))) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(REGISTER_MSG.expenseTypeDeleted);
    } catch (error) {
      await message.error(error instanceof ApiError ? error.message : REGISTER_MSG.deleteFailed);
    }
  };

  const columns: Column<ExpenseType>[] = [
    { key: 'id', header: 'ID', align: 'right', className: 'w-20', cell: (r) => r.id },
    { key: 'despesa', header: 'DESPESA', cell: (r) => r.despesa },
  ];
  if (isAdmin) {
    columns.push({
      key: 'acoes',
      header: 'Ações',
      align: 'center',
      className: 'w-28',
      cell: (r) => (
        <div className="flex justify-center gap-1">
          <IconButton
            label={`Editar ${r.despesa}`}
            icon={<Pencil />}
            variant="primary"
            onClick={() => setEditing({ expenseType: r })}
          />
          <IconButton label={`Excluir ${r.despesa}`} icon={<Trash2 />} variant="danger" onClick={() => void onDelete(r)} />
        </div>
      ),
    });
  }

  return (
    <section>
      <PageTitle
        title="Gestão de Tipos de Despesas"
        documentTitle="Tipo de Despesas"
        count={types.data ? `(${types.data.length})` : undefined}
        actions={isAdmin && <Button onClick={() => setEditing({})}>+ Novo Tipo Despesa</Button>}
      />
      {types.isPending ? (
        <LoadingBlock />
      ) : (
        <Table
          columns={columns}
          rows={types.data ?? []}
          rowKey={(r) => r.id}
          caption="Tipos de despesa"
          className="max-w-3xl"
          empty={<EmptyState title="Nenhum tipo de despesa cadastrado" className="py-4" />}
        />
      )}
      <ExpenseTypeFormModal open={editing !== null} expenseType={editing?.expenseType} onClose={() => setEditing(null)} />
    </section>
  );
}
