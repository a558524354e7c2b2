import { centavosToInput, MAT_MSG, type Material, materialInputSchema, UNIDADES } from '@os/shared';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Options, Select } from '../../../components/ui/input';
import { type RegisterModalProps, useRegisterForm } from '../../../components/ui/register-form';
import { useSaveMaterial } from '../api/materials';

interface FormValues {
  codigo: string;
  descricao: string;
  unidade: string;
  precoVenda: string;
  controlaEstoque: boolean;
  ativo: boolean;
}

const EMPTY: FormValues = { codigo: '', descricao: '', unidade: 'un', precoVenda: '', controlaEstoque: true, ativo: true };

const toForm = (row?: Material): FormValues =>
  row
    ? {
        codigo: row.codigo,
        descricao: row.descricao,
        unidade: row.unidade,
        precoVenda: centavosToInput(row.precoVendaCentavos),
        controlaEstoque: row.controlaEstoque,
        ativo: row.ativo,
      }
    : EMPTY;

const CHECK = 'flex min-h-11 items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-3 dark:text-slate-200';

/** docs/screens.md#materiais: 'Novo Material' / 'Editar Material' (admin). */
export function MaterialFormModal({ open, row, onClose }: RegisterModalProps<Material>) {
  const { register, errors, text, ...form } = useRegisterForm({
    schema: materialInputSchema,
    open,
    row,
    toValues: toForm,
    mutation: useSaveMaterial(),
    onClose,
    saved: { text: MAT_MSG.saved, in: 'toast' },
  });
  return (
    <FormModal
      {...form.modal}
      title={row ? MAT_MSG.editTitle : MAT_MSG.newTitle}
      formId="material-form"
      submitLabel={row ? 'Salvar' : 'Criar'}
      className="grid grid-cols-1 gap-3 sm:grid-cols-6"
    >
      {text('codigo', 'Código', { required: true, autoFocus: true, autoCapitalize: 'characters' }, 'sm:col-span-2')}
      {text('descricao', 'Descrição', { required: true }, 'sm:col-span-4')}
      <Field label="Unidade" error={errors.unidade?.message} className="sm:col-span-2" required>
        {(control) => (
          <Select {...control} {...register('unidade')}>
            <Options values={UNIDADES} />
          </Select>
        )}
      </Field>
      {text('precoVenda', 'Preço de venda (R$)', { required: true, inputMode: 'decimal', placeholder: '0,00' }, 'sm:col-span-4')}
      <label className={CHECK}>
        <input type="checkbox" className="size-4 accent-blue-700" {...register('controlaEstoque')} />
        Controla estoque
      </label>
      <label className={CHECK}>
        <input type="checkbox" className="size-4 accent-blue-700" {...register('ativo')} />
        Ativo
      </label>
    </FormModal>
  );
}
