import { type Company, companyInputSchema, REGISTER_MSG } from '@os/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal, useUnsavedChangesGuard } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { formatCnpj } from '../../../lib/format';
import { useSaveCompany } from '../api/save-company';

type FormValues = { nome: string; cnpj: string; ie: string };
const EMPTY: FormValues = { nome: '', cnpj: '', ie: '' };

export interface CompanyFormModalProps {
  open: boolean;
  company?: Company;
  onClose: () => void;
}

/** Spec §2.13: 'Adicionar Empresa' / 'Editar Empresa' with Criar/Salvar Alterações and Cancelar. */
export function CompanyFormModal({ open, company, onClose }: CompanyFormModalProps) {
  const message = useMessage();
  const save = useSaveCompany();
  const { register, handleSubmit, reset, setError, setValue, formState } = useForm<FormValues>({ defaultValues: EMPTY });
  const errors = formState.errors;
  const guard = useUnsavedChangesGuard(formState.isDirty && !save.isPending, onClose);

  useEffect(() => {
    if (open) reset(company ? { nome: company.nome, cnpj: formatCnpj(company.cnpj), ie: company.ie } : EMPTY);
  }, [open, company, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const parsed = companyInputSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const text = issue?.message ?? REGISTER_MSG.companyRequired;
      setError(String(issue?.path[0] ?? 'nome') as keyof FormValues, { message: text });
      await message.error(text);
      return;
    }
    try {
      await save.mutateAsync({ id: company?.id, input: parsed.data });
      onClose();
      toast.success(REGISTER_MSG.companySaved);
    } catch (error) {
      await message.error(error instanceof ApiError ? error.message : REGISTER_MSG.saveFailed);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      onBeforeClose={guard.confirmClose}
      title={company ? 'Editar Empresa' : 'Adicionar Empresa'}
      footer={
        <>
          <Button variant="secondary" onClick={guard.cancel}>
            Cancelar
          </Button>
          <Button type="submit" form="company-form" loading={save.isPending}>
            {company ? 'Salvar Alterações' : 'Criar'}
          </Button>
        </>
      }
    >
      <form id="company-form" noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Nome" required error={errors.nome?.message} className="sm:col-span-2">
          {(control) => <Input {...control} {...register('nome')} autoFocus maxLength={200} />}
        </Field>
        <Field label="CNPJ" error={errors.cnpj?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('cnpj', { onBlur: (e) => setValue('cnpj', formatCnpj(e.target.value)) })}
              placeholder="00.000.000/0000-00"
              maxLength={18}
              autoCapitalize="characters"
            />
          )}
        </Field>
        <Field label="Inscr. Estadual" error={errors.ie?.message}>
          {(control) => <Input {...control} {...register('ie')} maxLength={30} />}
        </Field>
      </form>
    </Modal>
  );
}
