import {
  type Client,
  EQUIP_MSG,
  equipmentLabel,
  equipmentName,
  ORDER_MSG,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  STATUS_LABELS,
} from '@os/shared';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Input, Options, RowOptions, Select, Textarea } from '../../../components/ui/input';
import { toast, useErrorToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { padNumber } from '../../../lib/format';
import { useAllClients, useClientEquipment, useUsers } from '../../../lib/registers';
import { type OrderPayload, useSaveOrder } from '../api/orders';
import { OrderApprovalPanel } from './order-approval';
import { OrderHistory } from './order-history';

interface FormValues {
  data: string;
  cliente: string;
  responsavel: string;
  cidade: string;
  engenheiro: string;
  equipamentoId: string;
  equipamento: string;
  nr_peca: string;
  nr_serie: string;
  motivo: string;
  status: OrderStatus;
}

/** A new order started from an equipment's page ('Nova OS'): its client and the equipment chosen. */
export interface OrderPrefill {
  clienteId: number;
  equipamentoId: number;
  equipamento: string;
  nr_serie: string;
}

function valuesOf(order: Order | null, prefill?: OrderPrefill): FormValues {
  return {
    data: order?.data?.slice(0, 10) ?? '',
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

/** The create/edit modal of docs/screens.md#os, with the audit trail ('Histórico') for admins. */
export function OrderFormModal({ open, order, prefill, onClose }: OrderFormModalProps) {
  const { isAdmin } = useAuth();
  const clients = useAllClients({ enabled: open });
  const users = useUsers({ enabled: open, staleTime: 60_000 });
  const save = useSaveOrder();
  const { register, handleSubmit, reset, setValue, getValues, watch, formState } = useForm<FormValues>({
    defaultValues: valuesOf(order, prefill),
  });
  const chosenClient = Number(watch('cliente')) || undefined;
  const clientEquipment = useClientEquipment(open ? chosenClient : undefined);

  useEffect(() => {
    if (open) reset(valuesOf(order, prefill));
  }, [open, order, prefill, reset]);

  useErrorToast(clients.error ?? users.error);

  // The technicians, plus the order's own technician when they are not one.
  const technicianOptions = useMemo(() => {
    const options = new Map<number, string>();
    for (const u of users.data ?? []) if (u.role === 'tec') options.set(u.id, u.nome_completo || u.username);
    if (order?.engenheiroId && !options.has(order.engenheiroId)) {
      options.set(order.engenheiroId, order.engenheiroNome || order.engenheiro);
    }
    return [...options].sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'));
  }, [users.data, order]);

  const clientOptions = useMemo(() => {
    const list: Pick<Client, 'id' | 'razao' | 'cidade'>[] = [...(clients.data ?? [])];
    if (order && !list.some((c) => c.id === order.clienteId))
      list.push({ id: order.clienteId, razao: order.cliente, cidade: order.cidade });
    return list.sort((a, b) => a.razao.localeCompare(b.razao, 'pt-BR'));
  }, [clients.data, order]);

  const clienteField = register('cliente');
  const equipamentoField = register('equipamentoId');
  // docs/rules.md#equipment: the chosen client's active equipment, plus the order's own when it is not.
  const equipmentOptions = useMemo(() => {
    const list = (clientEquipment.data ?? []).map((e) => ({
      id: e.id,
      label: equipmentLabel(e),
      name: equipmentName(e),
      serial: e.numeroSerie,
    }));
    if (
      order?.equipamentoId &&
      String(order.clienteId) === String(chosenClient) &&
      !list.some((e) => e.id === order.equipamentoId)
    )
      list.push({
        id: order.equipamentoId,
        label: `${order.equipamento} — ${order.nr_serie}`,
        name: order.equipamento,
        serial: order.nr_serie,
      });
    return list;
  }, [clientEquipment.data, order, chosenClient]);
  // The list arrives after the form's values: show the chosen equipment once its option exists.
  useEffect(() => {
    const chosen = getValues('equipamentoId');
    if (chosen && equipmentOptions.length) setValue('equipamentoId', chosen);
  }, [equipmentOptions, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    // docs/rules.md#validation: cliente and data are required, and the technician (docs/rules.md#daily-use); nothing is sent otherwise.
    if (!values.cliente || !values.data || !values.engenheiro) {
      toast.error(ORDER_MSG.required);
      return;
    }
    const payload: OrderPayload = {
      data: values.data,
      cliente: Number(values.cliente),
      responsavel: values.responsavel,
      cidade: values.cidade,
      engenheiro: values.engenheiro ? Number(values.engenheiro) : null,
      equipamentoId: values.equipamentoId ? Number(values.equipamentoId) : null,
      equipamento: values.equipamento,
      nr_peca: values.nr_peca,
      nr_serie: values.nr_serie,
      motivo: values.motivo,
      status: values.status,
    };
    try {
      await save.mutateAsync({ id: order?.id, payload });
      toast.success(order ? ORDER_MSG.updated : ORDER_MSG.created);
      onClose();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  });

  const title = order ? `${ORDER_MSG.editTitle} ${padNumber(order.numero)}` : ORDER_MSG.newTitle;

  return (
    <FormModal
      open={open}
      onClose={onClose}
      dirty={formState.isDirty}
      saving={save.isPending}
      onSubmit={submit}
      title={title}
      size="lg"
      formId="order-form"
      submitLabel={order ? 'Salvar' : 'Criar'}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      after={
        order && (
          <>
            <OrderApprovalPanel order={order} />
            {isAdmin && <OrderHistory orderId={order.id} />}
          </>
        )
      }
    >
      <Field label="Data" required>
        {(control) => <Input type="date" {...control} {...register('data')} />}
      </Field>
      {order && <Field label="Número">{(control) => <Input {...control} value={padNumber(order.numero)} readOnly />}</Field>}
      <Field label="Cliente" required className="sm:col-span-2">
        {(control) => (
          <Select
            {...control}
            {...clienteField}
            onChange={(event) => {
              void clienteField.onChange(event);
              // Another client's equipment cannot stay chosen.
              if (getValues('equipamentoId')) setValue('equipamentoId', '', { shouldDirty: true });
              // The client's city fills an empty Cidade.
              const chosen = clientOptions.find((c) => String(c.id) === event.target.value);
              if (chosen && !getValues('cidade')) setValue('cidade', chosen.cidade, { shouldDirty: true });
            }}
          >
            <RowOptions rows={clientOptions} label={(c) => c.razao} empty={ORDER_MSG.clientPlaceholder} />
          </Select>
        )}
      </Field>
      <Field label="Responsavel">{(control) => <Input {...control} {...register('responsavel')} />}</Field>
      <Field label="Cidade">{(control) => <Input {...control} {...register('cidade')} />}</Field>
      <Field label="Técnico" required className="sm:col-span-2">
        {(control) => (
          <Select {...control} {...register('engenheiro')}>
            <option value="">{ORDER_MSG.technicianPlaceholder}</option>
            {technicianOptions.map(([id, name]) => (
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
              const chosen = equipmentOptions.find((e) => String(e.id) === event.target.value);
              if (chosen) {
                setValue('equipamento', chosen.name, { shouldDirty: true });
                setValue('nr_serie', chosen.serial, { shouldDirty: true });
              }
            }}
          >
            <RowOptions rows={equipmentOptions} label={(e) => e.label} empty={EQUIP_MSG.orderNone} />
          </Select>
        )}
      </Field>
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
