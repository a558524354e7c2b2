import { PASSWORD_MASK, REGISTER_MSG, type UserSummary } from '@os/shared';
import { EmailText } from '../../../components/ui/email-text';
import { RegisterList } from '../../../components/ui/register-list';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useUsers } from '../../../lib/registers';
import { useDeleteUser } from '../api/users';
import { UserFormModal } from './user-form-modal';

/** docs/screens.md#users 'Gestão de Usuários'; the password is never shown. */
export function UsersPage() {
  const list = useUsers();
  const remove = useDeleteUser();
  return (
    <RegisterList<UserSummary>
      title="Gestão de Usuários"
      list={list}
      columns={[
        { key: 'id', header: 'ID', align: 'right', className: 'w-16', hideBelow: 'sm', cell: (r) => r.id },
        { key: 'nome', header: 'Nome Completo', cell: (r) => r.nome_completo },
        { key: 'login', header: 'Login', hideBelow: 'sm', cell: (r) => r.username },
        { key: 'senha', header: 'Senha', hideBelow: 'md', cell: () => PASSWORD_MASK },
        { key: 'email', header: 'Email', hideBelow: 'sm', cell: (r) => <EmailText email={r.email} /> },
        { key: 'tipo', header: 'Tipo', cell: (r) => <RoleBadge role={r.role} /> },
      ]}
      caption="Usuários"
      empty="Nenhum usuário cadastrado"
      name={(r) => r.username}
      addLabel="+ Adicionar Usuário"
      remove={{ mutation: remove, question: REGISTER_MSG.userDeleteConfirm, deleted: REGISTER_MSG.userDeleted }}
      form={UserFormModal}
    />
  );
}
