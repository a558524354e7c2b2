import { PASSWORD_MIN, REGISTER_MSG, ROLE_LABELS, ROLES, userCreateSchema, type UserSummary, userUpdateSchema } from '@os/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal, useUnsavedChangesGuard } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useSaveUser } from '../api/save-user';

type FormValues = { nome_completo: string; username: string; password: string; email: string; role: string };
const EMPTY: FormValues = { nome_completo: '', username: '', password: '', email: '', role: '' };

export interface UserFormModalProps {
  open: boolean;
  user?: UserSummary;
  onClose: () => void;
}

/** Spec §2.14: 'Adicionar Usuário' / 'Editar Usuário'; on edit the password changes only when filled. */
export function UserFormModal({ open, user, onClose }: UserFormModalProps) {
  const message = useMessage();
  const save = useSaveUser();
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues>({ defaultValues: EMPTY });
  const errors = formState.errors;
  const guard = useUnsavedChangesGuard(formState.isDirty && !save.isPending, onClose);

  useEffect(() => {
    if (open) reset(user ? { ...user, password: '' } : EMPTY);
  }, [open, user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    // Spec §5: username, email, password (on create) and role required, else the alert.
    const required: (keyof FormValues)[] = user ? ['username', 'email', 'role'] : ['username', 'email', 'password', 'role'];
    const missing = required.filter((k) => !values[k].trim());
    if (missing.length > 0) {
      for (const k of missing) setError(k, { message: REGISTER_MSG.userRequired });
      await message.warning(REGISTER_MSG.userRequired);
      return;
    }
    const parsed = (user ? userUpdateSchema : userCreateSchema).safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const text = issue?.message ?? REGISTER_MSG.userRequired;
      setError(String(issue?.path[0] ?? 'username') as keyof FormValues, { message: text });
      await message.error(text);
      return;
    }
    try {
      await save.mutateAsync({ id: user?.id, input: parsed.data });
      onClose();
      toast.success(REGISTER_MSG.userSaved);
    } catch (error) {
      await message.error(error instanceof ApiError ? error.message : REGISTER_MSG.saveFailed);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      onBeforeClose={guard.confirmClose}
      title={user ? 'Editar Usuário' : 'Adicionar Usuário'}
      footer={
        <>
          <Button variant="secondary" onClick={guard.cancel}>
            Cancelar
          </Button>
          <Button type="submit" form="user-form" loading={save.isPending}>
            {user ? 'Salvar' : 'Criar'}
          </Button>
        </>
      }
    >
      <form id="user-form" noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
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
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </form>
    </Modal>
  );
}
