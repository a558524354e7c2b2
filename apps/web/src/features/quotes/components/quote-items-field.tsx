import { type Material, QUOTE_ITEM_LABEL, QUOTE_ITEM_TYPES, type QuoteFormValues, type QuoteInput } from '@os/shared';
import { Plus, Trash2 } from 'lucide-react';
import type { ComponentType } from 'react';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { CONTROL_CLASS, Options } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

export const BLANK_ITEM: QuoteFormValues['itens'][number] = {
  tipo: 'servico',
  materialId: '',
  descricao: '',
  quantidade: '1',
  valorUnitario: '',
};

const LABEL = 'text-xs font-medium text-slate-600 dark:text-slate-300';

/** A number as the form's text holds it: '10,5' (no grouping). */
export const decimalText = (v: number, places: number) =>
  v.toLocaleString('pt-BR', { maximumFractionDigits: places, useGrouping: false });

/**
 * The materials feature's search over the register, given by the route that composes the page
 * (app/routes/quotes-route.tsx, docs/architecture.md#direction-of-imports): this feature keeps only the id.
 */
export type MaterialPickerSlot = ComponentType<{
  materialId: number | null;
  onChoose: (material: Material | null) => void;
  label?: string;
}>;

/**
 * The quote's items: one row each (type, description, quantity, unit price), added and removed; a material item
 * picks its material from the register, which fills the description and the unit price (editable after).
 */
export function QuoteItemsField({
  control,
  register,
  setValue,
  errors,
  error,
  MaterialPicker,
}: {
  control: Control<QuoteFormValues, unknown, QuoteInput>;
  register: UseFormRegister<QuoteFormValues>;
  setValue: UseFormSetValue<QuoteFormValues>;
  errors?: FieldErrors<QuoteFormValues>['itens'];
  error?: string;
  MaterialPicker: MaterialPickerSlot;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'itens' });
  const tipos = useWatch({ control, name: 'itens' });
  const choose = (n: number, m: Material | null) => {
    const dirty = { shouldDirty: true, shouldValidate: false } as const;
    setValue(`itens.${n}.materialId`, m ? String(m.id) : '', dirty);
    if (!m) return;
    setValue(`itens.${n}.descricao`, m.descricao, dirty);
    setValue(`itens.${n}.valorUnitario`, decimalText(m.precoVenda, 2), dirty);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Itens</legend>
      <ol className="flex flex-col gap-3">
        {fields.map((field, n) => (
          <li
            key={field.id}
            className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[8rem_1fr_5rem_7rem_auto] dark:border-slate-700"
          >
            <label className="flex flex-col gap-1">
              <span className={LABEL}>Tipo</span>
              <select className={CONTROL_CLASS} {...register(`itens.${n}.tipo`)}>
                <Options values={QUOTE_ITEM_TYPES} label={(t) => QUOTE_ITEM_LABEL[t]} />
              </select>
            </label>
            <label className="col-span-2 flex flex-col gap-1 sm:col-span-1">
              <span className={LABEL}>Descrição</span>
              <input className={CONTROL_CLASS} maxLength={500} {...register(`itens.${n}.descricao`)} />
            </label>
            <label className="flex flex-col gap-1">
              <span className={LABEL}>Qtd</span>
              <input className={cn(CONTROL_CLASS, 'text-right')} inputMode="decimal" {...register(`itens.${n}.quantidade`)} />
            </label>
            <label className="flex flex-col gap-1">
              <span className={LABEL}>Valor unitário (R$)</span>
              <input className={cn(CONTROL_CLASS, 'text-right')} inputMode="decimal" {...register(`itens.${n}.valorUnitario`)} />
            </label>
            <div className="flex items-end gap-2">
              <IconButton
                label={`Remover item ${n + 1}`}
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                variant="danger"
                onClick={() => remove(n)}
                disabled={fields.length === 1}
              />
            </div>
            {tipos?.[n]?.tipo === 'material' && (
              <div className="col-span-full flex flex-col gap-1">
                <MaterialPicker
                  materialId={Number(tipos[n]?.materialId) || null}
                  onChoose={(m) => choose(n, m)}
                  label={`Buscar material do item ${n + 1}`}
                />
                {Array.isArray(errors) && errors[n]?.materialId?.message && (
                  <p className="text-xs text-red-700 dark:text-red-400">{errors[n]?.materialId?.message}</p>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
      {error && <p className="text-xs text-red-700 dark:text-red-400">{error}</p>}
      <Button variant="secondary" icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => append({ ...BLANK_ITEM })}>
        Adicionar item
      </Button>
    </fieldset>
  );
}
