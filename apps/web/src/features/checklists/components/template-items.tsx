import { CHECKLIST_ITEM_TYPES, CHECKLIST_TYPE_LABELS, type ChecklistTemplateInput } from '@os/shared';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Options, Select, Textarea } from '../../../components/ui/input';

/** A template item as the form holds it (text inputs; the shared schema turns them into what is sent). */
export interface ItemValues {
  texto: string;
  tipo: string;
  unidade: string;
  minimo: string;
  maximo: string;
  opcoes: string;
  obrigatorio: boolean;
  fotoObrigatoria: boolean;
}

export interface TemplateValues {
  nome: string;
  tipoEquipamento: string;
  ativo: boolean;
  itens: ItemValues[];
}

export const blankItem = (): ItemValues => ({
  texto: '',
  tipo: 'conformidade',
  unidade: '',
  minimo: '',
  maximo: '',
  opcoes: '',
  obrigatorio: false,
  fotoObrigatoria: false,
});

type Props = {
  control: Control<TemplateValues, unknown, ChecklistTemplateInput>;
  register: UseFormRegister<TemplateValues>;
  errors: FieldErrors<TemplateValues>;
};

/** One item's fields: text, kind, and what the kind needs (unit and limits, choices), required and photo. */
function ItemFields({ index, control, register, errors }: Props & { index: number }) {
  const tipo = useWatch({ control, name: `itens.${index}.tipo` });
  const e = errors.itens?.[index];
  return (
    <div className="grid gap-2 sm:grid-cols-[2fr_1fr]">
      <Field label={`Item ${index + 1}`} required error={e?.texto?.message}>
        {(c) => <Input {...c} {...register(`itens.${index}.texto`)} maxLength={300} />}
      </Field>
      <Field label="Tipo" error={e?.tipo?.message}>
        {(c) => (
          <Select {...c} {...register(`itens.${index}.tipo`)}>
            <Options values={CHECKLIST_ITEM_TYPES} label={(t) => CHECKLIST_TYPE_LABELS[t]} />
          </Select>
        )}
      </Field>
      {tipo === 'leitura' && (
        <div className="grid grid-cols-3 gap-2 sm:col-span-2">
          <Field label="Unidade">{(c) => <Input {...c} {...register(`itens.${index}.unidade`)} maxLength={20} />}</Field>
          <Field label="Mínimo" error={e?.minimo?.message}>
            {(c) => <Input {...c} inputMode="decimal" {...register(`itens.${index}.minimo`)} />}
          </Field>
          <Field label="Máximo" error={e?.maximo?.message}>
            {(c) => <Input {...c} inputMode="decimal" {...register(`itens.${index}.maximo`)} />}
          </Field>
        </div>
      )}
      {tipo === 'opcao' && (
        <Field label="Opções (uma por linha)" className="sm:col-span-2" error={e?.opcoes?.message}>
          {(c) => <Textarea {...c} rows={3} {...register(`itens.${index}.opcoes`)} />}
        </Field>
      )}
      <div className="flex flex-wrap gap-4 sm:col-span-2">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="size-5" {...register(`itens.${index}.obrigatorio`)} />
          Obrigatório
        </label>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="size-5" {...register(`itens.${index}.fotoObrigatoria`)} />
          Foto obrigatória
        </label>
      </div>
    </div>
  );
}

/** The template's items in order: add, move up or down, remove (docs/screens.md#modelos-de-checklist). */
export function TemplateItems({ control, register, errors }: Props) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'itens' });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold">Itens</legend>
      {errors.itens?.message && <p className="text-sm text-red-700 dark:text-red-300">{errors.itens.message}</p>}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <ItemFields index={index} control={control} register={register} errors={errors} />
            <div className="mt-2 flex justify-end gap-2">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Subir item ${index + 1}`}
                disabled={index === 0}
                icon={<ArrowUp className="size-4" aria-hidden="true" />}
                onClick={() => move(index, index - 1)}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Descer item ${index + 1}`}
                disabled={index === fields.length - 1}
                icon={<ArrowDown className="size-4" aria-hidden="true" />}
                onClick={() => move(index, index + 1)}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remover item ${index + 1}`}
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                onClick={() => remove(index)}
              />
            </div>
          </li>
        ))}
      </ol>
      <Button variant="secondary" className="self-start" onClick={() => append(blankItem())}>
        + Item
      </Button>
    </fieldset>
  );
}
