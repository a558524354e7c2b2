import { PASSWORD_MASK, REGISTER_MSG, type UserSummary } from '@os/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { useMessage } from '../../../components/ui/message-dialog';
import { PageTitle } from '../../../components/ui/page-title';
import { RoleBadge } from '../../../components/ui/role-badge';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { UserFormModal } from './user-form-modal';

/** Spec §2.14 'Gestão de Usuários'; the password is never shown (DECISIONS.md §2). */
export function UsersPage() {
  const confirm = useConfirm();
  const message = useMessage();
  const users = useUsers();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<{ user?: UserSummary } | null>(null);

  useEffect(() => {
    if (users.error) toast.error(users.error.message);
  }, [users.error]);

  const onDelete = async (row: UserSummary) => {
    if (!(await confirm({ message: REGISTER_MSG.userDeleteConfirm, confirmLabel: 'Excluir', danger: true }))) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(REGISTER_MSG.userDeleted);
    } catch (error) {
      await message.error(error instanceof ApiError ? error.message : REGISTER_MSG.deleteFailed);
    }
  };

  const columns: Column<UserSummary>[] = [
    { key: 'id', header: 'ID', align: 'right', className: 'w-16', hideBelow: 'sm', cell: (r) => r.id },
    { key: 'nome', header: 'Nome Completo', cell: (r) => r.nome_completo },
    { key: 'login', header: 'Login', hideBelow: 'sm', cell: (r) => r.username },
    { key: 'senha', header: 'Senha', hideBelow: 'md', cell: () => PASSWORD_MASK },
    { key: 'email', header: 'Email', hideBelow: 'sm', cell: (r) => <span className="break-all">{r.email}</span> },
    { key: 'tipo', header: 'Tipo', cell: (r) => <RoleBadge role={r.role} /> },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'center',
      className: 'w-28',
      cell: (r) => (
        <div className="flex justify-center gap-1">
          <IconButton
            label={`Editar ${r.username}`}
            icon={<Pencil />}
            variant="primary"
            onClick={() => setEditing({ user: r })}
          />
          <IconButton label={`Excluir ${r.username}`} icon={<Trash2 />} variant="danger" onClick={() => void onDelete(r)} />
        </div>
      ),
    },
  ];

  return (
    <section>
      <PageTitle
        title="Gestão de Usuários"
        count={users.data ? `(${users.data.length})` : undefined}
        actions={<Button onClick={() => setEditing({})}>+ Adicionar Usuário</Button>}
      />
      {users.isPending ? (
        <LoadingBlock />
      ) : (
        <Table
          columns={columns}
          rows={users.data ?? []}
          rowKey={(r) => r.id}
          caption="Usuários"
          empty={<EmptyState title="Nenhum usuário cadastrado" className="py-4" />}
        />
      )}
      <UserFormModal open={editing !== null} user={editing?.user} onClose={() => setEditing(null)} />
    </section>
  );
}
