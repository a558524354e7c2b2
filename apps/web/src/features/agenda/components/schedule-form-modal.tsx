import {
  AGENDA_MSG,
  type AgendaOrder,
  agendaFormTitle,
  agendaWindowError,
  conflictLabel,
  ORDER_MSG,
  type Order,
} from '@os/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, RowOptions, Select } from '../../../components/ui/input';
import { Modal, useUnsavedChangesGuard } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useScheduleOrder } from '../api/agenda';

export interface TechnicianOption {
  id: number;
  nome: string;
}

interface Values {
  tecnicoId: string;
  agendaInicio: string;
  agendaFim: string;
}

/** The visit's window: start and end. */
const WINDOW_FIELDS = [
  ['agendaInicio', AGENDA_MSG.start],
  ['agendaFim', AGENDA_MSG.end],
] as const;

type Errors = Partial<Record<keyof Values, string>>;

/** Says what was saved, naming any order the new window overlaps (double-booking is never silent). */
export function announceSaved(order: AgendaOrder) {
  if (!order.agendaInicio) return toast.success(AGENDA_MSG.removed);
  if (order.conflitos.length) {
    return toast.success(AGENDA_MSG.saved, { description: `${conflictLabel(order.conflitos.map((c) => c.numero))}.` });
  }
  return toast.success(AGENDA_MSG.saved);
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
  const start: Values = {
    tecnicoId: initial?.tecnicoId ?? (order.engenheiroId ? String(order.engenheiroId) : ''),
    agendaInicio: initial?.agendaInicio ?? order.agendaInicio ?? '',
    agendaFim: initial?.agendaFim ?? order.agendaFim ?? '',
  };
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const schedule = useScheduleOrder();
  const dirty = (Object.keys(start) as (keyof Values)[]).some((k) => start[k] !== values[k]);
  const { confirmClose, cancel } = useUnsavedChangesGuard(dirty, onClose);
  // The order's technician stays choosable even when not a 'tec' (any user may be assigned).
  const options =
    order.engenheiroId && !technicians.some((t) => t.id === order.engenheiroId)
      ? [...technicians, { id: order.engenheiroId, nome: order.engenheiroNome || order.engenheiro }]
      : technicians;

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

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
          if (key) setErrors({ [key]: error.message });
          else setFailure(error.message || AGENDA_MSG.saveFailed);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!values.tecnicoId) next.tecnicoId = AGENDA_MSG.technicianRequired;
    if (!values.agendaInicio && !values.agendaFim) {
      next.agendaInicio = ORDER_MSG.required;
      next.agendaFim = ORDER_MSG.required;
    } else {
      const problem = agendaWindowError(values.agendaInicio || null, values.agendaFim || null);
      if (problem) next[values.agendaInicio ? 'agendaFim' : 'agendaInicio'] = problem;
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    send({ tecnicoId: Number(values.tecnicoId), agendaInicio: values.agendaInicio, agendaFim: values.agendaFim });
  };

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
            <Button variant="danger" loading={schedule.isPending} onClick={() => send({ agendaInicio: null, agendaFim: null })}>
              {AGENDA_MSG.unschedule}
            </Button>
          )}
          <Button type="submit" form={formId} loading={schedule.isPending}>
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
        <Field label={AGENDA_MSG.technician} required error={errors.tecnicoId}>
          {(control) => (
            <Select {...control} autoFocus value={values.tecnicoId} onChange={(e) => set('tecnicoId')(e.target.value)}>
              <RowOptions rows={options} label={(t) => t.nome} empty={AGENDA_MSG.choose} />
            </Select>
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          {WINDOW_FIELDS.map(([key, label]) => (
            <Field key={key} label={label} required error={errors[key]}>
              {(control) => (
                <Input
                  {...control}
                  type="datetime-local"
                  value={values[key]}
                  // The end never before the start.
                  min={key === 'agendaFim' ? values.agendaInicio || undefined : undefined}
                  onChange={(e) => set(key)(e.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
      </form>
    </Modal>
  );
}
