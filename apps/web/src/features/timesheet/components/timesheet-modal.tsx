import {
  FIELD_MSG,
  formatDate,
  formatMinutes,
  type Lancamento,
  padNumber,
  parseClock,
  type Servico,
  timesheetDuration,
  type ViagemIda,
  type ViagemVolta,
} from '@os/shared';
import { Lock } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal } from '../../../components/ui/modal';
import { StatusBadge } from '../../../components/ui/status-badge';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/offline/write';
import {
  useCreateServico,
  useCreateViagemIda,
  useCreateViagemVolta,
  useServicos,
  useViagensIda,
  useViagensVolta,
} from '../api/records';
import { FormInput, parseDecimal, today } from './field-form';

const TAB_CLASS =
  'min-h-11 flex-1 border-b-2 border-transparent px-2 text-sm font-medium text-slate-600 data-[state=active]:border-blue-700 data-[state=active]:text-blue-800 dark:text-slate-300 dark:data-[state=active]:border-blue-400 dark:data-[state=active]:text-blue-200';

/** The server's reason after the old product's failure message, when it says something more. */
function failure(specMessage: string, error: unknown): ReactNode {
  const detail = error instanceof ApiError ? error.message : null;
  return detail && detail !== specMessage ? (
    <>
      {specMessage}
      <br />
      {detail}
    </>
  ) : (
    specMessage
  );
}

/** Each tab's blank entry (again after each save), dated today. */
const blankOutbound = () => ({ dataida: today(), saidaida: '', chegadaida: '', kmida: '', obsida: '' });
const blankService = () => ({ dataservico: today(), feriado: 'nao', entradaservico: '', saidaservico: '', intervalo: '0' });
// docs/rules.md#constants: waiting time defaults to 00:00
const blankReturn = () => ({
  datavolta: today(),
  saidavolta: '',
  chegadavolta: '',
  tempoEspera: '00:00',
  kmvolta: '',
  obsvolta: '',
});

/**
 * One tab's entry form: its fields (blank at first and after each save) and `send`, which saves the entry once
 * (its idempotency key is renewed only after a save), says so in a toast, or says why not in the 'Erro!' dialog.
 */
function useEntryForm<Fields extends Record<string, string>, Input>(
  blank: () => Fields,
  save: { mutateAsync: (variables: { input: Input; key: string }) => Promise<unknown>; isPending: boolean },
) {
  const message = useMessage();
  const [key, setKey] = useState(newIdempotencyKey);
  const [form, setForm] = useState(blank);
  const set = (field: keyof Fields) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const send = async (input: Input, texts: { saved: string; failed: string }) => {
    try {
      await save.mutateAsync({ input, key });
      toast.success(texts.saved);
      setKey(newIdempotencyKey());
      setForm(blank());
    } catch (error) {
      void message.error(failure(texts.failed, error));
    }
  };
  /** A FormInput's value and onChange for one field. */
  const bind = (field: keyof Fields) => ({ value: form[field], onChange: set(field) });
  return { form, set, bind, send, saving: save.isPending, message };
}

/** The tabs: value, label and the tab's form with what it saved. */
const TABS = [
  ['ida', 'Viagem Ida', OutboundForm],
  ['servico', 'Entrada/Saída Serviço', ServiceForm],
  ['volta', 'Viagem Volta', ReturnForm],
] as const;

/** 'Lacamento de Horas e Kilometragem' (docs/screens.md#order-card-modals): the three tabs of an order's timesheet. */
export function TimesheetModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Lacamento de Horas e Kilometragem"
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-800 dark:text-slate-100">OS {padNumber(order.numero)}</span>
          <span>{order.cliente}</span>
          <StatusBadge status={order.status} variant="card" />
        </span>
      }
    >
      <Tabs.Root defaultValue={order.status === 'Andamento' ? 'servico' : 'ida'}>
        <Tabs.List
          aria-label="Lançamentos"
          className="-mx-4 -mt-4 mb-4 flex border-b border-slate-200 px-2 dark:border-slate-700"
        >
          {TABS.map(([value, label]) => (
            <Tabs.Trigger key={value} value={value} className={TAB_CLASS}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(([value, , Form]) => (
          <Tabs.Content key={value} value={value}>
            <Form order={order} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Modal>
  );
}

const km = (value: number) => `${String(value).replace('.', ',')} km`;
const hours = (decimal: number) => formatMinutes(decimal * 60);

/** What a saved record of each tab shows. */
const idaCells = (t: ViagemIda) => [
  formatDate(t.dataida),
  `${t.saidaida.slice(0, 5)}–${t.chegadaida.slice(0, 5)}`,
  t.duracaoida,
  km(t.kmida),
];
const servicoCells = (s: Servico) => [
  formatDate(s.dataservico),
  `${s.entradaservico.slice(0, 5)}–${s.saidaservico.slice(0, 5)}`,
  `intervalo ${hours(s.intervalo)}`,
  hours(s.duracaoservico),
];
const voltaCells = (t: ViagemVolta) => [
  formatDate(t.datavolta),
  `${t.saidavolta.slice(0, 5)}–${t.chegadavolta.slice(0, 5)}`,
  `espera ${t.tempoEspera}`,
  t.duracaovolta,
  km(t.kmvolta),
];

/**
 * What this order already has under the tab, so the technician sees the entry land
 * (docs/rules.md#daily-use); corrections are made in 'Visualizar'.
 */
function SavedList<Row extends { id: number }>({
  title,
  orderId,
  useRows,
  cells,
}: {
  title: string;
  orderId: number;
  /** The query of the tab's records of the order. */
  useRows: (orderId: number) => { data?: Row[] };
  cells: (row: Row) => string[];
}) {
  const rows = useRows(orderId).data;
  if (!rows) return null;
  return (
    <section aria-label={title} className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Nada salvo ainda.</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap gap-x-3 text-sm tabular-nums text-slate-700 dark:text-slate-300">
              {cells(r)
                .filter(Boolean)
                .map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns of one saved entry
                  <span key={i}>{c}</span>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Bound = { value: string; onChange: (value: string) => void };

/** A trip's day (across the form), then its departure and arrival times. */
function TripTimes({ date, departure, arrival }: { date: Bound; departure: Bound; arrival: Bound }) {
  return (
    <>
      <div className="col-span-2">
        <FormInput label="Data" type="date" {...date} />
      </div>
      <FormInput label="Saída" type="time" {...departure} />
      <FormInput label="Chegada" type="time" {...arrival} />
    </>
  );
}

/** A trip's 'Observação', across the form. */
function NoteField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="col-span-2">
      <Field label="Observação">
        {(control) => <Textarea {...control} value={value} onChange={(e) => onChange(e.target.value)} />}
      </Field>
    </div>
  );
}

/** A tab's save button, across the form. */
function SaveButton({ saving, children }: { saving: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="col-span-2 min-h-11" loading={saving}>
      {children}
    </Button>
  );
}

function OutboundForm({ order }: { order: Lancamento }) {
  const { form, bind, send, saving, message } = useEntryForm(blankOutbound, useCreateViagemIda());
  // docs/rules.md#states: while the order is Andamento the outbound tab is locked
  const locked = order.status === 'Andamento';
  const duration = timesheetDuration({ kind: 'ida', saida: form.saidaida, chegada: form.chegadaida });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // docs/rules.md#validation: blank fields get the tab's fill-in message; only a real negative trip is refused as such.
    if (!form.kmida.trim() || !form.dataida || !form.saidaida || !form.chegadaida)
      return void message.warning(FIELD_MSG.idaRequired);
    if (duration === null) return void message.warning(FIELD_MSG.idaNegative);
    await send(
      { ...form, kmida: form.kmida, duracaoida: formatMinutes(duration), numeroos: order.id },
      { saved: FIELD_MSG.idaSaved, failed: FIELD_MSG.idaFailed },
    );
  };

  return (
    <>
      <form onSubmit={submit} className="flex flex-col gap-3">
        {locked && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md bg-orange-50 p-3 text-sm text-orange-900 ring-1 ring-orange-300 dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-800"
          >
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {FIELD_MSG.idaLocked}
          </p>
        )}
        <fieldset disabled={locked} className="grid grid-cols-2 gap-3">
          <TripTimes date={bind('dataida')} departure={bind('saidaida')} arrival={bind('chegadaida')} />
          <FormInput label="Duração" value={formatMinutes(duration)} readOnly placeholder="--:--" />
          <FormInput label="Km" inputMode="decimal" {...bind('kmida')} required />
          <NoteField {...bind('obsida')} />
          <SaveButton saving={saving}>Salvar Viagem Ida</SaveButton>
        </fieldset>
      </form>
      <SavedList title="Viagens de ida salvas" orderId={order.id} useRows={useViagensIda} cells={idaCells} />
    </>
  );
}

function ServiceForm({ order }: { order: Lancamento }) {
  const { form, set, bind, send, saving, message } = useEntryForm(blankService, useCreateServico());
  const intervalo = parseDecimal(form.intervalo) ?? 0;
  const duration = timesheetDuration({
    kind: 'servico',
    entrada: form.entradaservico,
    saida: form.saidaservico,
    intervaloMin: Math.round(intervalo * 60),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // docs/rules.md#validation: the computed duration (and the date) must be non-empty
    if (!form.dataservico || duration === null) return void message.warning(FIELD_MSG.servicoRequired);
    await send(
      { ...form, intervalo, duracaoservico: Math.round((duration / 60) * 100) / 100, numeroos: order.id },
      { saved: FIELD_MSG.servicoSaved, failed: FIELD_MSG.servicoFailed },
    );
  };

  return (
    <>
      <form onSubmit={submit} className="grid grid-cols-2 gap-3">
        <FormInput label="Data" type="date" {...bind('dataservico')} />
        <Field label="Feriado">
          {(control) => (
            <Select {...control} value={form.feriado} onChange={(e) => set('feriado')(e.target.value)}>
              <option value="nao">Não</option>
              <option value="sim">Sim</option>
            </Select>
          )}
        </Field>
        <FormInput label="Entrada" type="time" {...bind('entradaservico')} />
        <FormInput label="Saída" type="time" {...bind('saidaservico')} />
        <FormInput label="Intervalo (horas)" type="number" step="0.01" inputMode="decimal" {...bind('intervalo')} />
        <FormInput label="Duração" value={formatMinutes(duration)} readOnly placeholder="--:--" />
        <SaveButton saving={saving}>Salvar Serviço</SaveButton>
      </form>
      <SavedList title="Serviços salvos" orderId={order.id} useRows={useServicos} cells={servicoCells} />
    </>
  );
}

function ReturnForm({ order }: { order: Lancamento }) {
  const { form, bind, send, saving, message } = useEntryForm(blankReturn, useCreateViagemVolta());
  const duration = timesheetDuration({
    kind: 'volta',
    saida: form.saidavolta,
    chegada: form.chegadavolta,
    esperaMin: parseClock(form.tempoEspera) ?? 0,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.kmvolta.trim() || !form.datavolta || duration === null) return void message.warning(FIELD_MSG.voltaRequired);
    await send(
      { ...form, tempoEspera: form.tempoEspera || '00:00', duracaovolta: formatMinutes(duration), numeroos: order.id },
      { saved: FIELD_MSG.voltaSaved, failed: FIELD_MSG.voltaFailed },
    );
  };

  return (
    <>
      <form onSubmit={submit} className="grid grid-cols-2 gap-3">
        <TripTimes date={bind('datavolta')} departure={bind('saidavolta')} arrival={bind('chegadavolta')} />
        <FormInput label="Tempo de Espera" type="time" {...bind('tempoEspera')} />
        <FormInput label="Duração" value={formatMinutes(duration)} readOnly placeholder="--:--" />
        <div className="col-span-2">
          <FormInput label="Km" inputMode="decimal" {...bind('kmvolta')} required />
        </div>
        <NoteField {...bind('obsvolta')} />
        <SaveButton saving={saving}>Salvar Viagem Volta</SaveButton>
      </form>
      <SavedList title="Viagens de volta salvas" orderId={order.id} useRows={useViagensVolta} cells={voltaCells} />
    </>
  );
}
