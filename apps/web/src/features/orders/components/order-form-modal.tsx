import {
  businessToday,
  EQUIP_MSG,
  ORDER_MSG,
  ORDER_STATUSES,
  type Order,
  type OrderFormValues,
  orderFormSchema,
  STATUS_LABELS,
} from '@os/shared';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input, Options, RowOptions, Select, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { padNumber } from '../../../lib/format';
import { firstError, useChosenWhenListed, useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveOrder } from '../api/orders';
import { OrderApprovalBar, OrderApprovalPanel } from './order-approval';
import { OrderClientPhotos } from './order-client-photos';
import { useOrderFormOptions } from './order-form-options';
import { OrderHistory } from './order-history';
import { useOrderPanels } from './order-panels';
import { OrderQuoteLink } from './order-quote-link';

/** A new order started from an equipment's page ('Nova OS'): its client and the equipment chosen. */
export interface OrderPrefill {
  clienteId: number;
  equipamentoId: number;
  equipamento: string;
  nr_serie: string;
}

function valuesOf(order: Order | null, prefill?: OrderPrefill): OrderFormValues {
  return {
    // A new order is dated today (docs/rules.md#daily-use).
    data: order?.data?.slice(0, 10) ?? businessToday(),
    cliente: order ? String(order.clienteId) : prefill ? String(prefill.clienteId) : '',
    equipamentoId: order?.equipamentoId ? String(order.equipamentoId) : prefill ? String(prefill.equipamentoId) : '',
    responsavel: order?.responsavel ?? '',
    cidade: order?.cidade ?? '',
    // A new order's technician starts empty and must be chosen: an order silently assigned to the
    // clerk reaches no technician (docs/rules.md#daily-use).
    engenheiro: order?.engenheiroId ? String(order.engenheiroId) : '',
    equipamento: order?.equipamento ?? prefill?.equipamento ?? '',
    nr_peca: order?.nr_peca ?? '',
    nr_serie: order?.nr_serie ?? prefill?.nr_serie ?? '',
    motivo: order?.motivo ?? '',
    status: order?.status ?? 'Aberto',
  };
}

export interface OrderFormModalProps {
  open: boolean;
  /** null: 'Nova OS'; an order: 'Editar OS' with its number. */
  order: Order | null;
  /** A new order's client and equipment (the equipment page's 'Nova OS'). */
  prefill?: OrderPrefill;
  onClose: () => void;
}

type OrderForm = UseFormReturn<OrderFormValues, unknown, unknown>;
type FormOptions = ReturnType<typeof useOrderFormOptions>;

/**
 * Who and what: Cliente (its city fills an empty Cidade), Responsavel, Cidade, Técnico, and the client's
 * equipment (its choice fills Equipamento and Nr Serie).
 */
function AssignmentFields({ form, options, chosenClient }: { form: OrderForm; options: FormOptions; chosenClient?: number }) {
  const { register, getValues, setValue, formState } = form;
  const missing = (key: 'cliente' | 'engenheiro') => (formState.errors[key] ? ORDER_MSG.fieldRequired : undefined);
  const clienteField = register('cliente');
  const equipamentoField = register('equipamentoId');
  return (
    <>
      <Field label="Cliente" required error={missing('cliente')} className="sm:col-span-2">
        {(control) => (
          <Select
            {...control}
            {...clienteField}
            onChange={(event) => {
              void clienteField.onChange(event);
              // Another client's equipment cannot stay chosen.
              if (getValues('equipamentoId')) setValue('equipamentoId', '', { shouldDirty: true });
              // The client's city fills an empty Cidade, its contact an empty Responsavel.
              const chosen = options.clients.find((c) => String(c.id) === event.target.value);
              if (chosen && !getValues('cidade')) setValue('cidade', chosen.cidade, { shouldDirty: true });
              if (chosen?.contato && !getValues('responsavel')) setValue('responsavel', chosen.contato, { shouldDirty: true });
            }}
          >
            <RowOptions rows={options.clients} label={(c) => c.razao} empty={ORDER_MSG.clientPlaceholder} />
          </Select>
        )}
      </Field>
      <Field label="Responsavel">{(control) => <Input {...control} {...register('responsavel')} />}</Field>
      <Field label="Cidade">{(control) => <Input {...control} {...register('cidade')} />}</Field>
      <Field label="Técnico" required error={missing('engenheiro')} className="sm:col-span-2">
        {(control) => (
          <Select {...control} {...register('engenheiro')}>
            <option value="">{ORDER_MSG.technicianPlaceholder}</option>
            {options.technicians.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={EQUIP_MSG.orderField} className="sm:col-span-2">
        {(control) => (
          <Select
            {...control}
            {...equipamentoField}
            disabled={!chosenClient}
            onChange={(event) => {
              void equipamentoField.onChange(event);
              // The choice fills the free-text fields; none leaves them as they are.
              const chosen = options.equipment.find((e) => String(e.id) === event.target.value);
              if (chosen) {
                setValue('equipamento', chosen.name, { shouldDirty: true });
                setValue('nr_serie', chosen.serial, { shouldDirty: true });
              }
            }}
          >
            <RowOptions rows={options.equipment} label={(e) => e.label} empty={EQUIP_MSG.orderNone} />
          </Select>
        )}
      </Field>
    </>
  );
}

/** The create/edit modal of docs/screens.md#os, with the audit trail ('Histórico') for admins. */
export function OrderFormModal({ open, order, prefill, onClose }: OrderFormModalProps) {
  const { After: PanelAfter } = useOrderPanels();
  const { isAdmin } = useAuth();
  const save = useSaveOrder();
  const form = useSchemaForm(orderFormSchema, valuesOf(order, prefill));
  const { register, handleSubmit, reset, watch, formState } = form;
  const chosenClient = Number(watch('cliente')) || undefined;
  const options = useOrderFormOptions({ open, order, chosenClient });

  useEffect(() => {
    if (open) reset(valuesOf(order, prefill));
  }, [open, order, prefill, reset]);

  useChosenWhenListed(form, 'equipamentoId', options.equipment);

  // docs/rules.md#validation: cliente and data are required, and the technician (docs/rules.md#daily-use); nothing is sent otherwise.
  const submit = handleSubmit(
    async (payload) => {
      try {
        await save.mutateAsync({ id: order?.id, payload });
        toast.success(order ? ORDER_MSG.updated : ORDER_MSG.created);
        onClose();
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : String(error));
      }
    },
    (errors) => void toast.error(firstError(errors) ?? ORDER_MSG.required),
  );

  return (
    <FormModal
      open={open}
      onClose={onClose}
      dirty={formState.isDirty}
      saving={save.isPending}
      onSubmit={submit}
      title={order ? `${ORDER_MSG.editTitle} ${padNumber(order.numero)}` : ORDER_MSG.newTitle}
      size="lg"
      formId="order-form"
      submitLabel={order ? 'Salvar' : 'Criar'}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      before={order && <OrderApprovalBar order={order} />}
      after={
        order && (
          <>
            <OrderQuoteLink orderId={order.id} />
            <OrderApprovalPanel order={order} />
            <OrderClientPhotos orderId={order.id} />
            {PanelAfter && <PanelAfter orderId={order.id} editable={order.status !== 'Fechado'} />}
            {isAdmin && <OrderHistory orderId={order.id} />}
          </>
        )
      }
    >
      <Field label="Data" required error={formState.errors.data ? ORDER_MSG.fieldRequired : undefined}>
        {(control) => <Input type="date" {...control} {...register('data')} />}
      </Field>
      {order && <Field label="Número">{(control) => <Input {...control} value={padNumber(order.numero)} readOnly />}</Field>}
      <AssignmentFields form={form} options={options} chosenClient={chosenClient} />
      <Field label="Equipamento">{(control) => <Input {...control} {...register('equipamento')} />}</Field>
      <Field label="Nr Peça">{(control) => <Input {...control} {...register('nr_peca')} />}</Field>
      <Field label="Nr Serie">{(control) => <Input {...control} {...register('nr_serie')} />}</Field>
      <Field label="Status">
        {(control) => (
          <Select {...control} {...register('status')}>
            {/* Concluído and Fechado by hand: admins only (docs/rules.md#order-life-cycle); the current one stays shown. */}
            <Options
              values={ORDER_STATUSES.filter((s) => isAdmin || (s !== 'Concluído' && s !== 'Fechado') || s === order?.status)}
              label={(s) => STATUS_LABELS[s]}
            />
          </Select>
        )}
      </Field>
      <Field label="Motivo" className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={3} {...register('motivo')} />}
      </Field>
    </FormModal>
  );
}
