import { EQUIP_MSG, EQUIPMENT_TYPES, type Equipment, equipmentInputSchema } from '@os/shared';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { RowOptions, Select, Textarea } from '../../../components/ui/input';
import { useRegisterForm } from '../../../components/ui/register-form';
import { byRazao, useAllClients } from '../../../lib/registers';
import { useSaveEquipment } from '../api/equipment';

interface FormValues {
  clienteId: string;
  tipo: string;
  fabricante: string;
  modelo: string;
  numeroSerie: string;
  local: string;
  dataInstalacao: string;
  periodicidadeMeses: string;
  proximaManutencao: string;
  ativo: boolean;
  obs: string;
}

const EMPTY: FormValues = {
  clienteId: '',
  tipo: '',
  fabricante: '',
  modelo: '',
  numeroSerie: '',
  local: '',
  dataInstalacao: '',
  periodicidadeMeses: '',
  proximaManutencao: '',
  ativo: true,
  obs: '',
};

function toForm(row?: Equipment): FormValues {
  if (!row) return EMPTY;
  return {
    clienteId: String(row.clienteId),
    tipo: row.tipo,
    fabricante: row.fabricante,
    modelo: row.modelo,
    numeroSerie: row.numeroSerie,
    local: row.local,
    dataInstalacao: row.dataInstalacao ?? '',
    periodicidadeMeses: row.periodicidadeMeses === null ? '' : String(row.periodicidadeMeses),
    proximaManutencao: row.proximaManutencao ?? '',
    ativo: row.ativo,
    obs: row.obs,
  };
}

export interface EquipmentFormModalProps {
  open: boolean;
  /** undefined: 'Novo Equipamento'. */
  row?: Equipment;
  onClose: () => void;
}

/**
 * docs/screens.md#equipamentos: the equipment's data and its preventive plan. An empty 'Próxima manutenção'
 * is computed by the server from the installation day and the periodicity (docs/rules.md#equipment).
 */
export function EquipmentFormModal({ open, row, onClose }: EquipmentFormModalProps) {
  const clients = useAllClients({ select: byRazao, enabled: open });
  const { register, errors, text, ...form } = useRegisterForm({
    schema: equipmentInputSchema,
    open,
    row,
    toValues: toForm,
    titles: { new: EQUIP_MSG.newTitle, edit: EQUIP_MSG.editTitle },
    mutation: useSaveEquipment(),
    onClose,
    saved: { text: EQUIP_MSG.saved, in: 'toast' },
  });

  return (
    <FormModal {...form.modal} size="lg" formId="equipment-form" className="grid grid-cols-1 gap-3 sm:grid-cols-6">
      <Field label="Cliente" error={errors.clienteId?.message} className="sm:col-span-6" required>
        {(control) => (
          <Select {...control} {...register('clienteId')} autoFocus>
            <RowOptions rows={clients.data} label={(c) => c.razao} empty="Selecione um cliente" />
          </Select>
        )}
      </Field>
      {text(
        'tipo',
        'Tipo',
        { required: true, list: 'equipment-types', placeholder: 'Inversor, Transformador...' },
        'sm:col-span-2',
      )}
      <datalist id="equipment-types">
        {EQUIPMENT_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {text('fabricante', 'Fabricante', {}, 'sm:col-span-2')}
      {text('modelo', 'Modelo', {}, 'sm:col-span-2')}
      {text('numeroSerie', 'Número de série', { required: true, autoCapitalize: 'characters' }, 'sm:col-span-3')}
      {text('local', 'Local', { placeholder: 'Onde está instalado' }, 'sm:col-span-3')}
      {text('dataInstalacao', 'Data de instalação', { type: 'date' }, 'sm:col-span-2')}
      {text('periodicidadeMeses', 'Periodicidade (meses)', { inputMode: 'numeric', placeholder: 'Sem plano' }, 'sm:col-span-2')}
      {text('proximaManutencao', 'Próxima manutenção', { type: 'date' }, 'sm:col-span-2')}
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-6 dark:text-slate-200">
        <input type="checkbox" className="size-4 accent-blue-700" {...register('ativo')} />
        Ativo
      </label>
      <Field label="Observações" error={errors.obs?.message} className="sm:col-span-6">
        {(control) => <Textarea {...control} {...register('obs')} rows={3} />}
      </Field>
    </FormModal>
  );
}
