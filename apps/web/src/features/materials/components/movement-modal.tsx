import { MAT_MSG, type Material, movementInputSchema, type StockPlace } from '@os/shared';
import { useEffect, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input, RowOptions, Select } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { useMaterialCatalogue } from '../api/materials';
import { usePostMovement } from '../api/stock';
import { MaterialPicker } from './material-picker';

export type MovementKind = 'entrada' | 'transferencia' | 'ajuste';

const TITLES: Record<MovementKind, string> = { entrada: 'Entrada', transferencia: 'Transferir', ajuste: 'Ajuste' };

const blank = (tipo: MovementKind, placeId: number) => ({
  tipo,
  materialId: '',
  quantidade: '',
  origemId: tipo === 'transferencia' ? String(placeId || '') : '',
  destinoId: tipo === 'entrada' ? String(placeId || '') : '',
  motivo: '',
});

/**
 * 'Entrada', 'Transferir' and 'Ajuste' of /estoque (docs/screens.md#estoque): the material, the quantity and the
 * places the kind names (an ajuste: the place it takes from or adds to, and the motivo).
 */
export function MovementModal({
  tipo,
  places,
  placeId,
  onClose,
}: {
  tipo: MovementKind | null;
  places: StockPlace[];
  placeId: number;
  onClose: () => void;
}) {
  const message = useMessage();
  const catalogue = useMaterialCatalogue(tipo !== null);
  const post = usePostMovement();
  const [chosen, setChosen] = useState<Material | null>(null);
  const form = useSchemaForm(movementInputSchema, blank(tipo ?? 'entrada', placeId));
  const { register, reset, setValue, formState } = form;
  useEffect(() => {
    if (tipo) reset(blank(tipo, placeId));
    setChosen(null);
  }, [tipo, placeId, reset]);

  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        await post.mutateAsync(input);
        toast.success(MAT_MSG.movementSaved);
        onClose();
      } catch (error) {
        void message.error(error instanceof ApiError ? error.message : MAT_MSG.placeNotFound);
      }
    },
    (errors) => void message.warning(firstError(errors) ?? MAT_MSG.pickFirst),
  );
  const place = (name: 'origemId' | 'destinoId', label: string) => (
    <Field label={label} error={formState.errors[name]?.message}>
      {(control) => (
        <Select {...control} {...register(name)}>
          <RowOptions rows={places} label={(p) => p.nome} empty="—" />
        </Select>
      )}
    </Field>
  );

  return (
    <FormModal
      open={tipo !== null}
      onClose={onClose}
      dirty={formState.isDirty}
      saving={post.isPending}
      onSubmit={onSubmit}
      title={tipo ? TITLES[tipo] : ''}
      formId="movement-form"
      submitLabel="Registrar"
      className="flex flex-col gap-3"
    >
      <MaterialPicker
        catalogue={catalogue.data ?? []}
        chosen={chosen}
        onChoose={(m) => {
          setChosen(m);
          setValue('materialId', m ? String(m.id) : '', { shouldDirty: true });
        }}
      />
      <Field
        label={chosen ? `Quantidade (${chosen.unidade})` : 'Quantidade'}
        required
        error={formState.errors.quantidade?.message}
      >
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('quantidade')} />}
      </Field>
      {tipo !== 'entrada' && place('origemId', tipo === 'ajuste' ? 'Retirar de (origem)' : 'Origem')}
      {place('destinoId', tipo === 'ajuste' ? 'Somar a (destino)' : 'Destino')}
      {tipo === 'ajuste' && (
        <Field label="Motivo" required error={formState.errors.motivo?.message}>
          {(control) => <Input {...control} {...register('motivo')} />}
        </Field>
      )}
    </FormModal>
  );
}
