import { formatQuantity, MAT_MSG, type Material, type StockBalance, type StockPlace, stockCountSchema } from '@os/shared';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { useMaterialCatalogue } from '../api/materials';
import { useCountPlace } from '../api/stock';
import { MaterialPicker } from './material-picker';

type Row = { materialId: string; quantidade: string; label: string; unidade: string };

const rowsOf = (saldos: StockBalance[]): Row[] =>
  saldos.map((s) => ({
    materialId: String(s.materialId),
    quantidade: formatQuantity(Math.max(s.saldo, 0)).replace(/\./g, ''),
    label: `${s.codigo} · ${s.descricao}`,
    unidade: s.unidade,
  }));

/** The first problem of the count, from the item it is about. */
function countError(errors: Parameters<typeof firstError>[0]): string | undefined {
  const itens = (errors as { itens?: { message?: string } & Record<number, { quantidade?: { message?: string } }> }).itens;
  if (!itens) return firstError(errors);
  if (itens.message) return itens.message;
  for (const item of Object.values(itens))
    if (typeof item === 'object' && item?.quantidade?.message) return item.quantidade.message;
  return undefined;
}

/**
 * 'Conferir estoque' (docs/screens.md#meu-estoque): the quantity counted of each material the vehicle holds (and
 * of any other found in it); each difference becomes an 'ajuste' on the server.
 */
export function CountModal({
  place,
  saldos,
  open,
  onClose,
}: {
  place: StockPlace;
  /** Every balance of the place (the vehicle's, all at once). */
  saldos: StockBalance[];
  open: boolean;
  onClose: () => void;
}) {
  const message = useMessage();
  const count = useCountPlace();
  const catalogue = useMaterialCatalogue(open);
  const [adding, setAdding] = useState<Material | null>(null);
  const form = useSchemaForm(stockCountSchema as never, { itens: rowsOf(saldos) } as { itens: Row[] });
  const { control, register, reset, handleSubmit, formState } = form;
  const items = useFieldArray({ control, name: 'itens' });
  useEffect(() => {
    if (open) reset({ itens: rowsOf(saldos) });
  }, [open, saldos, reset]);

  const onSubmit = handleSubmit(
    async (input) => {
      try {
        await count.mutateAsync({ placeId: place.id, input: input as never });
        toast.success(MAT_MSG.countSaved);
        onClose();
      } catch (error) {
        void message.error(error instanceof ApiError ? error.message : MAT_MSG.placeNotFound);
      }
    },
    (errors) => void message.warning(countError(errors) ?? MAT_MSG.countEmpty),
  );

  return (
    <FormModal
      open={open}
      onClose={onClose}
      dirty={formState.isDirty}
      saving={count.isPending}
      onSubmit={onSubmit}
      title={MAT_MSG.countTitle}
      formId="count-form"
      submitLabel="Registrar conferência"
      className="flex flex-col gap-3"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{MAT_MSG.countHint}</p>
      <ul className="flex flex-col gap-2">
        {items.fields.map((field, index) => (
          <li key={field.id} className="flex items-center gap-2">
            <label htmlFor={`conta-${field.id}`} className="min-w-0 flex-1 text-sm">
              {field.label} <span className="text-slate-600 dark:text-slate-300">({field.unidade})</span>
            </label>
            <Input
              id={`conta-${field.id}`}
              inputMode="decimal"
              autoComplete="off"
              className="w-28 text-right"
              {...register(`itens.${index}.quantidade` as const)}
            />
          </li>
        ))}
      </ul>
      <div className="border-t border-slate-200 pt-3 dark:border-slate-700">
        <p className="mb-2 text-sm font-medium">{MAT_MSG.countAddMaterial}</p>
        <MaterialPicker
          catalogue={(catalogue.data ?? []).filter((m) => !items.fields.some((f) => f.materialId === String(m.id)))}
          chosen={adding}
          onChoose={(m) => {
            if (m)
              items.append({
                materialId: String(m.id),
                quantidade: '',
                label: `${m.codigo} · ${m.descricao}`,
                unidade: m.unidade,
              });
            setAdding(null);
          }}
        />
      </div>
    </FormModal>
  );
}
