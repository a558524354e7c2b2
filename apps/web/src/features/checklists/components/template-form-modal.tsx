import {
  CHECKLIST_MSG,
  type ChecklistTemplate,
  checklistTemplateInputSchema,
  EQUIPMENT_TYPES,
  formatReading,
  type OrderChecklistItem,
  parseReading,
} from '@os/shared';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { type RegisterModalProps, useRegisterForm } from '../../../components/ui/register-form';
import { useSaveChecklistTemplate } from '../api/checklists';
import { ChecklistItemEntry } from './checklist-item-entry';
import { blankItem, type ItemValues, TemplateItems, type TemplateValues } from './template-items';

const toValues = (row?: ChecklistTemplate): TemplateValues => ({
  nome: row?.nome ?? '',
  tipoEquipamento: row?.tipoEquipamento ?? '',
  ativo: row?.ativo ?? true,
  itens: row?.itens.map((i) => ({
    texto: i.texto,
    tipo: i.tipo,
    unidade: i.unidade ?? '',
    minimo: formatReading(i.minimo),
    maximo: formatReading(i.maximo),
    opcoes: i.opcoes.join('\n'),
    obrigatorio: i.obrigatorio,
    fotoObrigatoria: i.fotoObrigatoria,
  })) ?? [blankItem()],
});

/** An item of the form as the technician would see it. */
const asItem = (v: ItemValues, index: number): OrderChecklistItem => ({
  id: -(index + 1),
  texto: v.texto || `Item ${index + 1}`,
  tipo: v.tipo as OrderChecklistItem['tipo'],
  unidade: v.unidade || null,
  minimo: parseReading(v.minimo),
  maximo: parseReading(v.maximo),
  opcoes: v.opcoes
    .split(/[;\n]/)
    .map((o) => o.trim())
    .filter(Boolean),
  obrigatorio: v.obrigatorio,
  fotoObrigatoria: v.fotoObrigatoria,
  resposta: null,
});

/** 'Prévia (como o técnico vê)': each item with the phone's controls; nothing is saved. */
function Preview({ items }: { items: ItemValues[] }) {
  const [open, setOpen] = useState(0);
  const item = items[open];
  return (
    <section className="flex flex-col gap-2 rounded-md bg-slate-50 p-3 dark:bg-slate-800/60" aria-label={CHECKLIST_MSG.preview}>
      <h3 className="text-sm font-semibold">{CHECKLIST_MSG.preview}</h3>
      <div className="flex flex-wrap gap-1">
        {items.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the preview's buttons are the items' positions
          <Button key={`${i}-${v.texto}`} size="sm" variant={i === open ? 'primary' : 'secondary'} onClick={() => setOpen(i)}>
            {i + 1}
          </Button>
        ))}
      </div>
      {item && (
        <div className="max-w-sm">
          <p className="font-semibold">{asItem(item, open).texto}</p>
          <ChecklistItemEntry
            key={open}
            item={asItem(item, open)}
            saving={false}
            onSave={() => undefined}
            onCancel={() => undefined}
          />
        </div>
      )}
    </section>
  );
}

/** docs/screens.md#modelos-de-checklist: 'Novo Modelo de Checklist' / 'Editar Modelo de Checklist'. */
export function TemplateFormModal(props: RegisterModalProps<ChecklistTemplate>) {
  const template = props.row;
  const listId = useId();
  const form = useRegisterForm({
    ...props,
    schema: checklistTemplateInputSchema,
    toValues,
    titles: { new: CHECKLIST_MSG.newTitle, edit: CHECKLIST_MSG.editTitle },
    mutation: useSaveChecklistTemplate(),
    saved: { text: CHECKLIST_MSG.saved, in: 'toast' },
  });
  const items = useWatch({ control: form.control, name: 'itens' }) ?? [];
  return (
    <FormModal {...form.modal} size="xl" formId="checklist-template-form">
      {template?.emUso && (
        <p className="rounded-md bg-amber-100 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          Este modelo já foi usado: salvar cria a versão {template.versao + 1}; as OS existentes mantêm a versão {template.versao}
          .
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto]">
        <Field label="Nome" required error={form.errors.nome?.message}>
          {(c) => <Input {...c} {...form.register('nome')} autoFocus maxLength={100} />}
        </Field>
        <Field label="Tipo de equipamento" hint="Vazio: qualquer tipo" error={form.errors.tipoEquipamento?.message}>
          {(c) => <Input {...c} list={listId} {...form.register('tipoEquipamento')} maxLength={100} />}
        </Field>
        <label className="inline-flex min-h-11 items-center gap-2 self-end text-sm">
          <input type="checkbox" className="size-5" {...form.register('ativo')} />
          Ativo
        </label>
        <datalist id={listId}>
          {EQUIPMENT_TYPES.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </div>
      <TemplateItems control={form.control} register={form.register} errors={form.errors} />
      {items.length > 0 && <Preview items={items} />}
    </FormModal>
  );
}
