import { FIELD_MSG, formatDate, formatMinutes, type Lancamento, padNumber, parseClock, timesheetDuration } from '@os/shared';
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
          <Tabs.Trigger value="ida" className={TAB_CLASS}>
            Viagem Ida
          </Tabs.Trigger>
          <Tabs.Trigger value="servico" className={TAB_CLASS}>
            Entrada/Saída Serviço
          </Tabs.Trigger>
          <Tabs.Trigger value="volta" className={TAB_CLASS}>
            Viagem Volta
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="ida">
          <OutboundForm order={order} />
          <SavedOutbound orderId={order.id} />
        </Tabs.Content>
        <Tabs.Content value="servico">
          <ServiceForm order={order} />
          <SavedServices orderId={order.id} />
        </Tabs.Content>
        <Tabs.Content value="volta">
          <ReturnForm order={order} />
          <SavedReturns orderId={order.id} />
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}

const km = (value: number) => `${String(value).replace('.', ',')} km`;
const hours = (decimal: number) => formatMinutes(decimal * 60);

/**
 * What this order already has under the tab, so the technician sees the entry land
 * (docs/rules.md#daily-use); corrections are made in 'Visualizar'.
 */
function SavedList({ title, rows }: { title: string; rows: { id: number; cells: string[] }[] | undefined }) {
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
              {r.cells.filter(Boolean).map((c, i) => (
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

function SavedOutbound({ orderId }: { orderId: number }) {
  const { data } = useViagensIda(orderId);
  return (
    <SavedList
      title="Viagens de ida salvas"
      rows={data?.map((t) => ({
        id: t.id,
        cells: [formatDate(t.dataida), `${t.saidaida.slice(0, 5)}–${t.chegadaida.slice(0, 5)}`, t.duracaoida, km(t.kmida)],
      }))}
    />
  );
}

function SavedServices({ orderId }: { orderId: number }) {
  const { data } = useServicos(orderId);
  return (
    <SavedList
      title="Serviços salvos"
      rows={data?.map((s) => ({
        id: s.id,
        cells: [
          formatDate(s.dataservico),
          `${s.entradaservico.slice(0, 5)}–${s.saidaservico.slice(0, 5)}`,
          `intervalo ${hours(s.intervalo)}`,
          hours(s.duracaoservico),
        ],
      }))}
    />
  );
}

function SavedReturns({ orderId }: { orderId: number }) {
  const { data } = useViagensVolta(orderId);
  return (
    <SavedList
      title="Viagens de volta salvas"
      rows={data?.map((t) => ({
        id: t.id,
        cells: [
          formatDate(t.datavolta),
          `${t.saidavolta.slice(0, 5)}–${t.chegadavolta.slice(0, 5)}`,
          `espera ${t.tempoEspera}`,
          t.duracaovolta,
          km(t.kmvolta),
        ],
      }))}
    />
  );
}

function OutboundForm({ order }: { order: Lancamento }) {
  const message = useMessage();
  const save = useCreateViagemIda();
  const [key, setKey] = useState(newIdempotencyKey);
  const [form, setForm] = useState({ dataida: today(), saidaida: '', chegadaida: '', kmida: '', obsida: '' });
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  // docs/rules.md#states: while the order is Andamento the outbound tab is locked
  const locked = order.status === 'Andamento';
  const duration = timesheetDuration({ kind: 'ida', saida: form.saidaida, chegada: form.chegadaida });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // docs/rules.md#validation: blank fields get the tab's fill-in message; only a real negative trip is refused as such.
    if (!form.kmida.trim() || !form.dataida || !form.saidaida || !form.chegadaida)
      return void message.warning(FIELD_MSG.idaRequired);
    if (duration === null) return void message.warning(FIELD_MSG.idaNegative);
    try {
      await save.mutateAsync({
        input: { ...form, kmida: form.kmida, duracaoida: formatMinutes(duration), numeroos: order.id },
        key,
      });
      toast.success(FIELD_MSG.idaSaved);
      setKey(newIdempotencyKey());
      setForm({ dataida: today(), saidaida: '', chegadaida: '', kmida: '', obsida: '' });
    } catch (error) {
      void message.error(failure(FIELD_MSG.idaFailed, error));
    }
  };

  return (
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
        <div className="col-span-2">
          <FormInput label="Data" type="date" value={form.dataida} onChange={set('dataida')} />
        </div>
        <FormInput label="Saída" type="time" value={form.saidaida} onChange={set('saidaida')} />
        <FormInput label="Chegada" type="time" value={form.chegadaida} onChange={set('chegadaida')} />
        <FormInput label="Duração" value={formatMinutes(duration)} readOnly placeholder="--:--" />
        <FormInput label="Km" inputMode="decimal" value={form.kmida} onChange={set('kmida')} required />
        <div className="col-span-2">
          <Field label="Observação">
            {(control) => <Textarea {...control} value={form.obsida} onChange={(e) => set('obsida')(e.target.value)} />}
          </Field>
        </div>
        <Button type="submit" className="col-span-2 min-h-11" loading={save.isPending}>
          Salvar Viagem Ida
        </Button>
      </fieldset>
    </form>
  );
}

function ServiceForm({ order }: { order: Lancamento }) {
  const message = useMessage();
  const save = useCreateServico();
  const [key, setKey] = useState(newIdempotencyKey);
  const empty = { dataservico: today(), feriado: 'nao', entradaservico: '', saidaservico: '', intervalo: '0' };
  const [form, setForm] = useState(empty);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
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
    try {
      await save.mutateAsync({
        input: { ...form, intervalo, duracaoservico: Math.round((duration / 60) * 100) / 100, numeroos: order.id },
        key,
      });
      toast.success(FIELD_MSG.servicoSaved);
      setKey(newIdempotencyKey());
      setForm(empty);
    } catch (error) {
      void message.error(failure(FIELD_MSG.servicoFailed, error));
    }
  };

  return (
    <form onSubmit={submit} className="grid grid-cols-2 gap-3">
      <FormInput label="Data" type="date" value={form.dataservico} onChange={set('dataservico')} />
      <Field label="Feriado">
        {(control) => (
          <Select {...control} value={form.feriado} onChange={(e) => set('feriado')(e.target.value)}>
            <option value="nao">Não</option>
            <option value="sim">Sim</option>
          </Select>
        )}
      </Field>
      <FormInput label="Entrada" type="time" value={form.entradaservico} onChange={set('entradaservico')} />
      <FormInput label="Saída" type="time" value={form.saidaservico} onChange={set('saidaservico')} />
      <FormInput
        label="Intervalo (horas)"
        type="number"
        step="0.01"
        inputMode="decimal"
        value={form.intervalo}
        onChange={set('intervalo')}
      />
      <FormInput label="Duração" value={formatMinutes(duration)} readOnly placeholder="--:--" />
      <Button type="submit" className="col-span-2 min-h-11" loading={save.isPending}>
        Salvar Serviço
      </Button>
    </form>
  );
}

function ReturnForm({ order }: { order: Lancamento }) {
  const message = useMessage();
  const save = useCreateViagemVolta();
  const [key, setKey] = useState(newIdempotencyKey);
  // docs/rules.md#constants: waiting time defaults to 00:00
  const empty = { datavolta: today(), saidavolta: '', chegadavolta: '', tempoEspera: '00:00', kmvolta: '', obsvolta: '' };
  const [form, setForm] = useState(empty);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const duration = timesheetDuration({
    kind: 'volta',
    saida: form.saidavolta,
    chegada: form.chegadavolta,
    esperaMin: parseClock(form.tempoEspera) ?? 0,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.kmvolta.trim() || !form.datavolta || duration === null) return void message.warning(FIELD_MSG.voltaRequired);
    try {
      await save.mutateAsync({
        input: { ...form, tempoEspera: form.tempoEspera || '00:00', duracaovolta: formatMinutes(duration), numeroos: order.id },
        key,
      });
      toast.success(FIELD_MSG.voltaSaved);
      setKey(newIdempotencyKey());
      setForm(empty);
    } catch (error) {
      void message.error(failure(FIELD_MSG.voltaFailed, error));
    }
  };

  return (
    <form onSubmit={submit} className="grid grid-cols-2 gap-3">
      <div className="col-span-2">
        <FormInput label="Data" type="date" value={form.datavolta} onChange={set('datavolta')} />
      </div>
      <FormInput label="Saída" type="time" value={form.saidavolta} onChange={set('saidavolta')} />
      <FormInput label="Chegada" type="time" value={form.chegadavolta} onChange={set('chegadavolta')} />
      <FormInput label="Tempo de Espera" type="time" value={form.tempoEspera} onChange={set('tempoEspera')} />
      <FormInput label="Duração" value={formatMinutes(duration)} readOnly placeholder="--:--" />
      <div className="col-span-2">
        <FormInput label="Km" inputMode="decimal" value={form.kmvolta} onChange={set('kmvolta')} required />
      </div>
      <div className="col-span-2">
        <Field label="Observação">
          {(control) => <Textarea {...control} value={form.obsvolta} onChange={(e) => set('obsvolta')(e.target.value)} />}
        </Field>
      </div>
      <Button type="submit" className="col-span-2 min-h-11" loading={save.isPending}>
        Salvar Viagem Volta
      </Button>
    </form>
  );
}
