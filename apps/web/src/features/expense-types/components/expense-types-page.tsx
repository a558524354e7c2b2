import { type ExpenseType, REGISTER_MSG } from '@os/shared';
import { RegisterList } from '../../../components/ui/register-list';
import { useAuth } from '../../../lib/auth';
import { useExpenseTypes } from '../../../lib/registers';
import { useDeleteExpenseType } from '../api/expense-types';
import { ExpenseTypeFormModal } from './expense-type-form-modal';

/** docs/screens.md#tipodespesas 'Gestão de Tipos de Despesas'; only admins change it. */
export function ExpenseTypesPage() {
  const { isAdmin } = useAuth();
  const list = useExpenseTypes();
  const remove = useDeleteExpenseType();
  return (
    <RegisterList<ExpenseType>
      title="Gestão de Tipos de Despesas"
      documentTitle="Tipo de Despesas"
      list={list}
      columns={[
        { key: 'id', header: 'ID', align: 'right', className: 'w-20', cell: (r) => r.id },
        { key: 'despesa', header: 'DESPESA', cell: (r) => r.despesa },
      ]}
      caption="Tipos de despesa"
      className="max-w-3xl"
      empty="Nenhum tipo de despesa cadastrado"
      name={(r) => r.despesa}
      editable={isAdmin}
      addLabel="+ Novo Tipo Despesa"
      remove={{
        mutation: remove,
        question: REGISTER_MSG.expenseTypeDeleteConfirm,
        deleted: REGISTER_MSG.expenseTypeDeleted,
      }}
      form={ExpenseTypeFormModal}
    />
  );
}
