import { type Client, type ClientInput, clientInputSchema, DEFAULT_PERCENTUAL, REGISTER_MSG, UFS } from '@os/shared';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Options, Select, Textarea } from '../../../components/ui/input';
import { type RegisterModalProps, useRegisterForm } from '../../../components/ui/register-form';
import { formatCep, formatCnpj } from '../../../lib/format';
import { useSaveClient } from '../api/clients';
import { PortalContactsSection } from './portal-contacts-section';

type FormValues = Record<Exclude<keyof ClientInput, 'percentual'>, string> & { percentual: string; codigo: string };

const EMPTY: FormValues = {
  codigo: '',
  razao: '',
  fantasia: '',
  cnpj: '',
  cep: '',
  endereco: '',
  bairro: '',
  cidade: '',
  estado: '',
  contato: '',
  email: '',
  fone: '',
  percentual: String(DEFAULT_PERCENTUAL).replace('.', ','),
  obs: '',
};

function toForm(client?: Client): FormValues {
  if (!client) return EMPTY;
  return {
    ...EMPTY,
    ...Object.fromEntries(Object.keys(EMPTY).map((k) => [k, String(client[k as keyof Client] ?? '')])),
    cnpj: formatCnpj(client.cnpj),
    cep: formatCep(client.cep),
    estado: client.estado || client.uf,
    percentual: String(client.percentual).replace('.', ','),
  };
}

/**
 * docs/screens.md#clientes: 'Novo Cliente' (no `row`) / 'Editar Cliente' with Criar/Salvar and Cancelar; codigo is
 * the server's.
 */
export function ClientFormModal({ open, row: client, onClose }: RegisterModalProps<Client>) {
  const { register, setValue, errors, text, ...form } = useRegisterForm({
    schema: clientInputSchema,
    open,
    row: client,
    toValues: toForm,
    titles: { new: 'Novo Cliente', edit: 'Editar Cliente' },
    mutation: useSaveClient(),
    onClose,
    saved: { text: client ? REGISTER_MSG.clientUpdated : REGISTER_MSG.clientCreated, in: 'dialog' },
    failed: (reason) =>
      client ? (
        <>
          {REGISTER_MSG.clientUpdateFailed}
          {reason && <span className="mt-1 block">{reason}</span>}
        </>
      ) : (
        reason || REGISTER_MSG.saveFailed
      ),
  });

  return (
    <FormModal
      {...form.modal}
      size="lg"
      formId="client-form"
      className="grid grid-cols-1 gap-3 sm:grid-cols-6"
      after={client && <PortalContactsSection clientId={client.id} />}
    >
      {client && text('codigo', 'Código', { readOnly: true, disabled: true }, 'sm:col-span-1')}
      {text('razao', 'Razão Social', { required: true, autoFocus: true }, client ? 'sm:col-span-5' : 'sm:col-span-6')}
      {text('fantasia', 'Nome Fantasia', {}, 'sm:col-span-4')}
      {text(
        'cnpj',
        'CNPJ',
        {
          required: true,
          placeholder: '00.000.000/0000-00',
          maxLength: 18,
          autoCapitalize: 'characters',
          onBlur: (e: React.FocusEvent<HTMLInputElement>) => setValue('cnpj', formatCnpj(e.target.value)),
        },
        'sm:col-span-2',
      )}
      {text(
        'cep',
        'CEP',
        {
          placeholder: '00000-000',
          inputMode: 'numeric',
          maxLength: 9,
          onBlur: (e: React.FocusEvent<HTMLInputElement>) => setValue('cep', formatCep(e.target.value)),
        },
        'sm:col-span-2',
      )}
      {text('endereco', 'Endereço', {}, 'sm:col-span-4')}
      {text('bairro', 'Bairro', {}, 'sm:col-span-2')}
      {text('cidade', 'Cidade', {}, 'sm:col-span-3')}
      <Field label="Estado (UF)" error={errors.estado?.message} className="sm:col-span-1">
        {(control) => (
          <Select {...control} {...register('estado')}>
            <Options values={UFS} empty="UF" />
          </Select>
        )}
      </Field>
      {text('contato', 'Contato', {}, 'sm:col-span-3')}
      {text('fone', 'Telefone', { type: 'tel', inputMode: 'tel' }, 'sm:col-span-3')}
      {text('email', 'E-mail', { type: 'email', autoCapitalize: 'none' }, 'sm:col-span-4')}
      {text('percentual', 'Percentual', { inputMode: 'decimal' }, 'sm:col-span-2')}
      <Field label="Observações" error={errors.obs?.message} className="sm:col-span-6">
        {(control) => <Textarea {...control} {...register('obs')} rows={3} />}
      </Field>
    </FormModal>
  );
}
