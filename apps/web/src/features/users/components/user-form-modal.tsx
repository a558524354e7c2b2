import { PASSWORD_MIN, REGISTER_MSG, ROLE_LABELS, ROLES, type UserSummary, userCreateSchema, userUpdateSchema } from '@os/shared';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input, Options, Select } from '../../../components/ui/input';
import { type RegisterModalProps, useRegisterForm } from '../../../components/ui/register-form';
import { useSaveUser } from '../api/users';

const EMPTY = { nome_completo: '', username: '', password: '', email: '', role: '' };
const toValues = (user?: UserSummary) => (user ? { ...user, password: '' } : EMPTY);

/** docs/screens.md#users: 'Adicionar Usuário' / 'Editar Usuário'; on edit the password changes only when filled. */
export function UserFormModal(props: RegisterModalProps<UserSummary>) {
  const user = props.row;
  const { register, errors, ...form } = useRegisterForm({
    ...props,
    // Login, e-mail, password (on create) and type are required: 'Por favor, preencha todos os campos obrigatórios.'
    schema: user ? userUpdateSchema : userCreateSchema,
    toValues,
    titles: { new: 'Adicionar Usuário', edit: 'Editar Usuário' },
    mutation: useSaveUser(),
    saved: { text: REGISTER_MSG.userSaved, in: 'toast' },
    warning: REGISTER_MSG.userRequired,
  });

  return (
    <FormModal {...form.modal} formId="user-form" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <Field label="Nome Completo" error={errors.nome_completo?.message} className="sm:col-span-2">
        {(control) => <Input {...control} {...register('nome_completo')} autoFocus maxLength={200} />}
      </Field>
      <Field label="Login" required error={errors.username?.message}>
        {(control) => <Input {...control} {...register('username')} autoCapitalize="none" autoComplete="off" maxLength={64} />}
      </Field>
      <Field
        label="Senha"
        required={!user}
        error={errors.password?.message}
        hint={user ? 'Deixe em branco para manter a senha atual.' : `Pelo menos ${PASSWORD_MIN} caracteres.`}
      >
        {(control) => (
          <Input {...control} {...register('password')} type="password" autoComplete="new-password" maxLength={128} />
        )}
      </Field>
      <Field label="Email" required error={errors.email?.message}>
        {(control) => <Input {...control} {...register('email')} type="email" autoCapitalize="none" maxLength={200} />}
      </Field>
      <Field label="Tipo" required error={errors.role?.message}>
        {(control) => (
          <Select {...control} {...register('role')}>
            <option value="" disabled>
              {REGISTER_MSG.userRolePlaceholder}
            </option>
            <Options values={ROLES} label={(role) => ROLE_LABELS[role]} />
          </Select>
        )}
      </Field>
    </FormModal>
  );
}
