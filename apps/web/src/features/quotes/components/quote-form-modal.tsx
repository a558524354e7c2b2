import { businessToday, QUOTE_MSG, type Quote, type QuoteFormValues, quoteFormSchema, quoteFormTotals } from '@os/shared';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input, RowOptions, Select, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { formatCentavos } from '../../../lib/format';
import { byRazao, useAllClients, useClientEquipment } from '../../../lib/registers';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveQuote } from '../api/quotes';
import { BLANK_ITEM, decimalText as decimal, type MaterialPickerSlot, QuoteItemsField } from './quote-items-field';

/** The form's text values for a quote (blank for a new one: validade in 15 days). */
function valuesOf(quote?: Quote): QuoteFormValues {
  if (!quote) {
    const d = new Date(`${businessToday()}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 15);
    return {
      clienteId: '',
      equipamentoId: '',
      validade: d.toISOString().slice(0, 10),
      desconto: '',
      condicoes: '',
      observacao: '',
      itens: [{ ...BLANK_ITEM }],
    };
  }
  return {
    clienteId: String(quote.clienteId),
    equipamentoId: quote.equipamentoId ? String(quote.equipamentoId) : '',
    validade: quote.validade,
    desconto: quote.desconto ? decimal(quote.desconto, 2) : '',
    condicoes: quote.condicoes,
    observacao: quote.observacao,
    itens: quote.itens.map((i) => ({
      tipo: i.tipo,
      materialId: i.materialId ? String(i.materialId) : '',
      descricao: i.descricao,
      quantidade: decimal(i.quantidade, 3),
      valorUnitario: decimal(i.valorUnitario, 2),
    })),
  };
}

/** 'Novo orçamento' / 'Editar orçamento' (docs/screens.md#orcamentos): totals shown as typed, computed again by the server. */
export function QuoteFormModal({
  quote,
  onClose,
  onSaved,
  MaterialPicker,
}: {
  quote?: Quote;
  onClose: () => void;
  onSaved: (q: Quote) => void;
  MaterialPicker: MaterialPickerSlot;
}) {
  const save = useSaveQuote();
  const clients = useAllClients({ select: byRazao });
  const { register, handleSubmit, control, formState, setError, setValue } = useSchemaForm(quoteFormSchema, valuesOf(quote));
  const clienteId = useWatch({ control, name: 'clienteId' });
  const equipment = useClientEquipment(clienteId ? Number(clienteId) : undefined);
  const live = useWatch({ control }) as QuoteFormValues;
  const totals = quoteFormTotals({ itens: live.itens ?? [], desconto: live.desconto ?? '' });
  const errors = formState.errors;

  const submit = handleSubmit(
    async (input) => {
      try {
        const saved = await save.mutateAsync({ id: quote?.id, input });
        toast.success(QUOTE_MSG.saved);
        onSaved(saved);
      } catch (err) {
        setError('root', { message: (err as Error).message });
      }
    },
    (problems) => toast.error(firstError(problems) ?? problems.itens?.root?.message ?? QUOTE_MSG.itemsRequired),
  );

  const itemsError =
    errors.itens?.message ??
    errors.itens?.root?.message ??
    (Array.isArray(errors.itens) ? firstItemError(errors.itens) : undefined);
  return (
    <FormModal
      open
      onClose={onClose}
      dirty={formState.isDirty}
      saving={save.isPending}
      onSubmit={submit}
      title={quote ? `Editar orçamento ${quote.codigo}` : 'Novo orçamento'}
      size="lg"
      formId="quote-form"
      submitLabel={quote ? 'Salvar' : 'Criar'}
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Cliente" required error={errors.clienteId?.message}>
          {(c) => (
            <Select {...c} {...register('clienteId')}>
              <RowOptions rows={clients.data} label={(cl) => cl.razao} empty="Selecione..." />
            </Select>
          )}
        </Field>
        <Field label="Equipamento (opcional)" error={errors.equipamentoId?.message}>
          {(c) => (
            <Select {...c} {...register('equipamentoId')} disabled={!clienteId}>
              <RowOptions
                rows={equipment.data}
                label={(e) => `${[e.tipo, e.fabricante, e.modelo].filter(Boolean).join(' ')} (${e.numeroSerie})`}
                empty="Nenhum"
              />
            </Select>
          )}
        </Field>
        <Field label="Validade" required error={errors.validade?.message}>
          {(c) => <Input {...c} type="date" {...register('validade')} />}
        </Field>
        <Field label="Desconto (R$)" error={errors.desconto?.message}>
          {(c) => <Input {...c} inputMode="decimal" placeholder="0,00" {...register('desconto')} />}
        </Field>
      </div>
      <QuoteItemsField
        control={control}
        register={register}
        setValue={setValue}
        errors={errors.itens}
        error={itemsError}
        MaterialPicker={MaterialPicker}
      />
      <p className="text-right text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        Subtotal {formatCentavos(totals.subtotal)} · <strong>Total {formatCentavos(totals.total)}</strong>
      </p>
      <Field label="Condições" error={errors.condicoes?.message}>
        {(c) => <Textarea {...c} rows={3} maxLength={4000} {...register('condicoes')} />}
      </Field>
      <Field label="Observação" error={errors.observacao?.message}>
        {(c) => <Textarea {...c} rows={2} maxLength={4000} {...register('observacao')} />}
      </Field>
      {errors.root?.message && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.root.message}
        </p>
      )}
    </FormModal>
  );
}

function firstItemError(items: unknown[]): string | undefined {
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    for (const field of Object.values(item as Record<string, { message?: string }>)) if (field?.message) return field.message;
  }
  return undefined;
}
