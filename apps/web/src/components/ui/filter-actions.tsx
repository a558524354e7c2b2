import { Search, X } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';

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
