import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const CONTROL_CLASS =
  'block w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 ' +
  'focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 ' +
  'aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 ' +
  'dark:focus:border-blue-400 dark:focus:ring-blue-400/30 dark:disabled:bg-slate-800 dark:aria-invalid:border-red-400';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(CONTROL_CLASS, 'h-9 max-sm:h-11', className)} {...props} />;
}

/** A WhatsApp number, typed as the example shows it (docs/rules.md#whatsapp): the phone's number keypad. */
export function WhatsappInput(props: ComponentProps<'input'>) {
  return <Input type="tel" inputMode="tel" placeholder="(87) 99999-0000" {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(CONTROL_CLASS, 'h-9 max-sm:h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(CONTROL_CLASS, 'min-h-20 py-2', className)} {...props} />;
}

/**
 * A select's options: each value shown as `label(value)` (the value itself unless told); `empty` adds a
 * first blank choice with that text.
 */
export function Options<V extends string>({
  values,
  label = (value) => value,
  empty,
}: {
  values: readonly V[];
  label?: (value: V) => string;
  empty?: string;
}) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

/** A select's options for rows: each row's id as the value, `label(row)` as the text; `empty` adds a first blank choice. */
export function RowOptions<Row extends { id: number }>({
  rows,
  label,
  empty,
}: {
  rows: readonly Row[] | undefined;
  label: (row: Row) => ReactNode;
  empty?: string;
}) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {rows?.map((row) => (
        <option key={row.id} value={row.id}>
          {label(row)}
        </option>
      ))}
    </>
  );
}
