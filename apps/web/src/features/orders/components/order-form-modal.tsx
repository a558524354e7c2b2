import { ORDER_MSG, ORDER_STATUSES, type Order, type OrderStatus, STATUS_LABELS } from '@os/shared';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { Modal, useUnsavedChangesGuard } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { padNumber } from '../../../lib/format';
import { useClientOptions } from '../api/get-clients';
import { useUserOptions } from '../api/get-technicians';
import { type OrderPayload, useSaveOrder } from '../api/save-order';
import { OrderHistory } from './order-history';

interface FormValues {
  data: string;
  cliente: string;
  responsavel: string;
  cidade: string;
  engenheiro: string;
  equipamento: string;
  nr_peca: string;
  nr_serie: string;
  motivo: string;
  status: OrderStatus;
}

function valuesOf(order: Order | null, currentUserId: number | undefined): FormValues {
  return {
    data: order?.data?.slice(0, 10) ?? '',
    cliente: order ? String(order.clienteId) : '',
    responsavel: order?.responsavel ?? '',
    cidade: order?.cidade ?? '',
    // Spec §4: a new order's technician defaults to the current user.
    engenheiro: order ? (order.engenheiroId ? String(order.engenheiroId) : '') : currentUserId ? String(currentUserId) : '',
    equipamento: order?.equipamento ?? '',
    nr_peca: order?.nr_peca ?? '',
    nr_serie: order?.nr_serie ?? '',
    motivo: order?.motivo ?? '',
    status: order?.status ?? 'Aberto',
  };
}

export interface OrderFormModalProps {
  open: boolean;
  /** null: 'Nova OS'; an order: 'Editar OS' with its number. */
  order: Order | null;
  onClose: () => void;
}

/** The create/edit modal of spec §2.6, with the audit trail ('Histórico') for admins. */
export function OrderFormModal({ open, order, onClose }: OrderFormModalProps) {
  const { user, isAdmin } = useAuth();
  const clients = useClientOptions(open);
  const users = useUserOptions(open);
  const save = useSaveOrder();
  const { register, handleSubmit, reset, setValue, getValues, formState } = useForm<FormValues>({
    defaultValues: valuesOf(order, user?.id),
  });

  useEffect(() => {
    if (open) reset(valuesOf(order, user?.id));
  }, [open, order, user?.id, reset]);

  useEffect(() => {
    if (clients.error) toast.error(clients.error.message);
  }, [clients.error]);
  useEffect(() => {
    if (users.error) toast.error(users.error.message);
  }, [users.error]);

  // The technicians, plus the current user (the default) and the order's own technician when they are not one.
  const technicianOptions = useMemo(() => {
    const options = new Map<number, string>();
    for (const u of users.data ?? []) if (u.role === 'tec') options.set(u.id, u.nome_completo || u.username);
    if (user && !options.has(user.id)) options.set(user.id, user.nome_completo || user.username || ORDER_MSG.noTechnician);
    if (order?.engenheiroId && !options.has(order.engenheiroId)) {
      options.set(order.engenheiroId, order.engenheiroNome || order.engenheiro);
    }
    return [...options].sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'));
  }, [users.data, user, order]);

  const clientOptions = useMemo(() => {
    const list = [...(clients.data ?? [])];
    if (order && !list.some((c) => c.id === order.clienteId))
      list.push({ id: order.clienteId, razao: order.cliente, cidade: order.cidade });
    return list.sort((a, b) => a.razao.localeCompare(b.razao, 'pt-BR'));
  }, [clients.data, order]);

  const clienteField = register('cliente');
  // isDirty is read during render so react-hook-form tracks it.
  const guard = useUnsavedChangesGuard(formState.isDirty && !save.isPending, onClose);

  const submit = handleSubmit(async (values) => {
    // Spec §5: cliente and data are required; nothing is sent otherwise.
    if (!values.cliente || !values.data) {
      toast.error(ORDER_MSG.required);
      return;
    }
    const payload: OrderPayload = {
      data: values.data,
      cliente: Number(values.cliente),
      responsavel: values.responsavel,
      cidade: values.cidade,
      engenheiro: values.engenheiro ? Number(values.engenheiro) : null,
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
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      onBeforeClose={guard.confirmClose}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={guard.cancel}>
            Cancelar
          </Button>
          <Button type="submit" form="order-form" loading={save.isPending}>
            {order ? 'Salvar' : 'Criar'}
          </Button>
        </>
      }
    >
      <form id="order-form" noValidate onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
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
                // The client's city fills an empty Cidade.
                const chosen = clientOptions.find((c) => String(c.id) === event.target.value);
                if (chosen && !getValues('cidade')) setValue('cidade', chosen.cidade, { shouldDirty: true });
              }}
            >
              <option value="">{ORDER_MSG.clientPlaceholder}</option>
              {clientOptions.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.razao}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Responsavel">{(control) => <Input {...control} {...register('responsavel')} />}</Field>
        <Field label="Cidade">{(control) => <Input {...control} {...register('cidade')} />}</Field>
        <Field label="Técnico" className="sm:col-span-2">
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
        <Field label="Equipamento">{(control) => <Input {...control} {...register('equipamento')} />}</Field>
        <Field label="Nr Peça">{(control) => <Input {...control} {...register('nr_peca')} />}</Field>
        <Field label="Nr Serie">{(control) => <Input {...control} {...register('nr_serie')} />}</Field>
        <Field label="Status">
          {(control) => (
            <Select {...control} {...register('status')}>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Motivo" className="sm:col-span-2">
          {(control) => <Textarea {...control} rows={3} {...register('motivo')} />}
        </Field>
      </form>
      {order && isAdmin && <OrderHistory orderId={order.id} />}
    </Modal>
  );
}
