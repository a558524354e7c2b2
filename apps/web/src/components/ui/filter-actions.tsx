import { Search, X } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from './button';
import { Field } from './field';
import { Input, Options, Select } from './input';

/** A filter form's choice among `values`, 'Todos' (no filter) first. */
export function ChoiceFilter({
  label,
  values,
  field,
}: {
  label: string;
  values: readonly string[];
  field: UseFormRegisterReturn;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <Select {...control} {...field}>
          <Options values={values} empty="Todos" />
        </Select>
      )}
    </Field>
  );
}

/** A filter form's 'Data Início' and 'Data Final', each a date input of the form (`register('dataInicio')`...). */
export function DatePeriodFields({ start, end }: { start: UseFormRegisterReturn; end: UseFormRegisterReturn }) {
  return (
    <>
      <Field label="Data Início">{(control) => <Input {...control} type="date" {...start} />}</Field>
      <Field label="Data Final">{(control) => <Input {...control} type="date" {...end} />}</Field>
    </>
  );
}

/** A filter form's 'Buscar' (its submit) and 'Limpar Filtros', side by side, each half the row on a phone. */
export function FilterActions({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
      <Button type="submit" icon={<Search className="size-4" aria-hidden="true" />} className="max-sm:flex-1">
        Buscar
      </Button>
      <Button variant="secondary" icon={<X className="size-4" aria-hidden="true" />} className="max-sm:flex-1" onClick={onClear}>
        Limpar Filtros
      </Button>
    </div>
  );
}

/**
 * A history's heading with its count, and its filter form of four fields and 'Buscar'/'Limpar Filtros': one row on a wide
 * screen, two fields a row below (the e-mails and the messages sent).
 */
export function FilteredHistory({
  id,
  title,
  count,
  onSubmit,
  onClear,
  filters,
  children,
}: {
  id: string;
  title: string;
  count: number;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** 'Limpar Filtros': the form blank again, and the history unfiltered. */
  onClear: () => void;
  filters: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        {title} <span className="text-sm font-normal text-slate-500 dark:text-slate-400">({count})</span>
      </h2>
      <form className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]" onSubmit={onSubmit}>
        {filters}
        <FilterActions onClear={onClear} />
      </form>
      {children}
    </section>
  );
}
