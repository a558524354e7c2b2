import {
  FIELD_MSG,
  formatMinutes,
  idaMinutes,
  type Lancamento,
  padNumber,
  servicoFormSchema,
  servicoMinutes,
  viagemIdaFormSchema,
  viagemVoltaFormSchema,
  voltaMinutes,
} from '@os/shared';
import { Lock } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { StatusBadge } from '../../../components/ui/status-badge';
import {
  useCreateServico,
  useCreateViagemIda,
  useCreateViagemVolta,
  useServicos,
  useViagensIda,
  useViagensVolta,
} from '../api/records';
import { entryKind, useEntryForm } from './entry-form';
import { FormInput, today } from './field-form';
import { idaCells, savedList, servicoCells, voltaCells } from './saved-entries';

const TAB_CLASS =
  'min-h-11 flex-1 border-b-2 border-transparent px-2 text-sm font-medium text-slate-600 data-[state=active]:border-blue-700 data-[state=active]:text-blue-800 dark:text-slate-300 dark:data-[state=active]:border-blue-400 dark:data-[state=active]:text-blue-200';

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

/** Each tab's entry: its form's schema and blank values, its save, what it says after a save and when the save failed. */
const ENTRIES = {
  ida: entryKind(viagemIdaFormSchema, blankOutbound, useCreateViagemIda, [FIELD_MSG.idaSaved, FIELD_MSG.idaFailed]),
  servico: entryKind(servicoFormSchema, blankService, useCreateServico, [FIELD_MSG.servicoSaved, FIELD_MSG.servicoFailed]),
  volta: entryKind(viagemVoltaFormSchema, blankReturn, useCreateViagemVolta, [FIELD_MSG.voltaSaved, FIELD_MSG.voltaFailed]),
};

/** The tabs: value, label, the tab's form and what it saved under it. */
const TABS = [
  ['ida', 'Viagem Ida', OutboundForm, savedList('Viagens de ida salvas', useViagensIda, idaCells)],
  ['servico', 'Entrada/Saída Serviço', ServiceForm, savedList('Serviços salvos', useServicos, servicoCells)],
  ['volta', 'Viagem Volta', ReturnForm, savedList('Viagens de volta salvas', useViagensVolta, voltaCells)],
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
        {TABS.map(([value, , Form, Saved]) => (
          <Tabs.Content key={value} value={value}>
            <Form order={order} />
            <Saved orderId={order.id} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Modal>
  );
}

/** A trip's day (across the form), then its departure and arrival times. */
function TripTimes({ date, departure, arrival }: Record<'date' | 'departure' | 'arrival', UseFormRegisterReturn>) {
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
function NoteField(field: UseFormRegisterReturn) {
  return (
    <div className="col-span-2">
      <Field label="Observação">{(control) => <Textarea {...control} {...field} />}</Field>
    </div>
  );
}

/** The duration the form computes live, read-only. */
function DurationField({ minutes }: { minutes: number | null }) {
  return <FormInput label="Duração" value={formatMinutes(minutes)} readOnly placeholder="--:--" />;
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
  const { register, watch, onSubmit, saving } = useEntryForm(ENTRIES.ida, order.id);
  // docs/rules.md#states: while the order is Andamento the outbound tab is locked
  const locked = order.status === 'Andamento';
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
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
        <TripTimes date={register('dataida')} departure={register('saidaida')} arrival={register('chegadaida')} />
        <DurationField minutes={idaMinutes(watch())} />
        <FormInput label="Km" inputMode="decimal" {...register('kmida')} required />
        <NoteField {...register('obsida')} />
        <SaveButton saving={saving}>Salvar Viagem Ida</SaveButton>
      </fieldset>
    </form>
  );
}

function ServiceForm({ order }: { order: Lancamento }) {
  const { register, watch, onSubmit, saving } = useEntryForm(ENTRIES.servico, order.id);
  return (
    <form onSubmit={onSubmit} className="grid grid-cols-2 gap-3">
      <FormInput label="Data" type="date" {...register('dataservico')} />
      <Field label="Feriado">
        {(control) => (
          <Select {...control} {...register('feriado')}>
            <option value="nao">Não</option>
            <option value="sim">Sim</option>
          </Select>
        )}
      </Field>
      <FormInput label="Entrada" type="time" {...register('entradaservico')} />
      <FormInput label="Saída" type="time" {...register('saidaservico')} />
      <FormInput label="Intervalo (horas)" type="number" step="0.01" inputMode="decimal" {...register('intervalo')} />
      <DurationField minutes={servicoMinutes(watch())} />
      <SaveButton saving={saving}>Salvar Serviço</SaveButton>
    </form>
  );
}

function ReturnForm({ order }: { order: Lancamento }) {
  const { register, watch, onSubmit, saving } = useEntryForm(ENTRIES.volta, order.id);
  return (
    <form onSubmit={onSubmit} className="grid grid-cols-2 gap-3">
      <TripTimes date={register('datavolta')} departure={register('saidavolta')} arrival={register('chegadavolta')} />
      <FormInput label="Tempo de Espera" type="time" {...register('tempoEspera')} />
      <DurationField minutes={voltaMinutes(watch())} />
      <div className="col-span-2">
        <FormInput label="Km" inputMode="decimal" {...register('kmvolta')} required />
      </div>
      <NoteField {...register('obsvolta')} />
      <SaveButton saving={saving}>Salvar Viagem Volta</SaveButton>
    </form>
  );
}
