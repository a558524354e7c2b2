import {
  AGENDA_MSG,
  type AgendaOrder,
  agendaFormTitle,
  conflictLabel,
  type Order,
  type ScheduleFormValues,
  scheduleFormSchema,
} from '@os/shared';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, RowOptions, Select } from '../../../components/ui/input';
import { Modal, useUnsavedChangesGuard } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useScheduleOrder } from '../api/agenda';

export interface TechnicianOption {
  id: number;
  nome: string;
}

type Values = ScheduleFormValues;

/** The visit's window: start and end. */
const WINDOW_FIELDS = [
  ['agendaInicio', AGENDA_MSG.start],
  ['agendaFim', AGENDA_MSG.end],
] as const;

/**
 * Says what was saved; an overlap is a warning naming the other order that stays until closed
 * (double-booking is never silent, docs/rules.md#daily-use).
 */
export function announceSaved(order: AgendaOrder) {
  if (!order.agendaInicio) return toast.success(AGENDA_MSG.removed);
  if (order.conflitos.length) {
    return toast.warning(`${conflictLabel(order.conflitos.map((c) => c.numero))}.`, {
      description: `${AGENDA_MSG.saved} ${AGENDA_MSG.conflictHint}`,
    });
  }
  return toast.success(AGENDA_MSG.saved);
}

/**
 * The schedule form of an order (scheduleFormSchema): its values start from `initial` or the order's own;
 * `send` saves a window (or none: unscheduling) and says so, the server's message landing on its field.
 */
function useScheduleForm(order: Order, initial: Partial<Values> | undefined, onClose: () => void) {
  const form = useSchemaForm(scheduleFormSchema, {
    tecnicoId: initial?.tecnicoId ?? (order.engenheiroId ? String(order.engenheiroId) : ''),
    agendaInicio: initial?.agendaInicio ?? order.agendaInicio ?? '',
    agendaFim: initial?.agendaFim ?? order.agendaFim ?? '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const schedule = useScheduleOrder();

  const send = (body: { tecnicoId?: number; agendaInicio: string | null; agendaFim: string | null }) => {
    setFailure(null);
    schedule.mutate(
      { id: order.id, ...body },
      {
        onSuccess: (saved) => {
          announceSaved(saved);
          onClose();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.field : undefined;
          const key = field === 'tecnicoId' || field === 'agendaInicio' || field === 'agendaFim' ? field : undefined;
          if (key) form.setError(key, { message: error.message });
          else setFailure(error.message || AGENDA_MSG.saveFailed);
        },
      },
    );
  };
  return { form, failure, send, saving: schedule.isPending, submit: form.handleSubmit(send) };
}

/** Técnico, then Início and Fim: native date-time fields (a finger gets the phone's picker). */
function ScheduleFields({
  form,
  technicians,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  technicians: TechnicianOption[];
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  return (
    <>
      <Field label={AGENDA_MSG.technician} required error={errors.tecnicoId?.message}>
        {(control) => (
          <Select {...control} autoFocus {...register('tecnicoId')}>
            <RowOptions rows={technicians} label={(t) => t.nome} empty={AGENDA_MSG.choose} />
          </Select>
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        {WINDOW_FIELDS.map(([key, label]) => (
          <Field key={key} label={label} required error={errors[key]?.message}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                // The end never before the start.
                min={key === 'agendaFim' ? watch('agendaInicio') || undefined : undefined}
                {...register(key)}
              />
            )}
          </Field>
        ))}
      </div>
    </>
  );
}

/**
 * 'Agendar OS 00042' (docs/screens.md#agenda): Técnico, Início, Fim. Native date-time fields, so a
 * finger gets the phone's picker and the keyboard types the digits; the server's message lands on its field.
 */
export function ScheduleFormModal({
  order,
  technicians,
  initial,
  onClose,
}: {
  order: Order;
  technicians: TechnicianOption[];
  /** Prefilled values (a cell chosen on the board); otherwise the order's own. */
  initial?: Partial<Values>;
  onClose: () => void;
}) {
  const { form, failure, send, saving, submit } = useScheduleForm(order, initial, onClose);
  const { confirmClose, cancel } = useUnsavedChangesGuard(form.formState.isDirty, onClose);
  // The order's technician stays choosable even when not a 'tec' (any user may be assigned).
  const options =
    order.engenheiroId && !technicians.some((t) => t.id === order.engenheiroId)
      ? [...technicians, { id: order.engenheiroId, nome: order.engenheiroNome || order.engenheiro }]
      : technicians;

  const formId = `agendar-${order.id}`;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      onBeforeClose={confirmClose}
      title={agendaFormTitle(order.numero)}
      description={order.cliente}
      size="sm"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void cancel()}>
            {AGENDA_MSG.cancel}
          </Button>
          {order.agendaInicio && (
            <Button variant="danger" loading={saving} onClick={() => send({ agendaInicio: null, agendaFim: null })}>
              {AGENDA_MSG.unschedule}
            </Button>
          )}
          <Button type="submit" form={formId} loading={saving}>
            {AGENDA_MSG.schedule}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {failure}
          </p>
        )}
        <ScheduleFields form={form} technicians={options} />
      </form>
    </Modal>
  );
}
