import { type Company, companyInputSchema, REGISTER_MSG } from '@os/shared';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { type RegisterModalProps, useRegisterForm } from '../../../components/ui/register-form';
import { formatCnpj } from '../../../lib/format';
import { useSaveCompany } from '../api/companies';

const toValues = (company?: Company) =>
  company ? { nome: company.nome, cnpj: formatCnpj(company.cnpj), ie: company.ie } : { nome: '', cnpj: '', ie: '' };

/** docs/screens.md#empresas: 'Adicionar Empresa' / 'Editar Empresa' with Criar/Salvar Alterações and Cancelar. */
export function CompanyFormModal(props: RegisterModalProps<Company>) {
  const { register, setValue, errors, ...form } = useRegisterForm({
    ...props,
    schema: companyInputSchema,
    toValues,
    titles: { new: 'Adicionar Empresa', edit: 'Editar Empresa' },
    saveLabel: 'Salvar Alterações',
    mutation: useSaveCompany(),
    saved: { text: REGISTER_MSG.companySaved, in: 'toast' },
  });

  return (
    <FormModal {...form.modal} formId="company-form" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
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
    </FormModal>
  );
}
