import type { ComponentProps, ReactNode } from 'react';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

/** Today as 'YYYY-MM-DD' in the phone's own time zone. */
export function today(): string {
  return new Date().toLocaleDateString('sv-SE');
}

export type FormInputProps = Omit<ComponentProps<'input'>, 'className'> & {
  label: ReactNode;
  error?: string;
};

/**
 * A labelled input of the field forms: large on phones, the right keyboard per type (docs/ui.md). Takes a
 * react-hook-form `register(name)` (or a read-only `value`); `required` marks the label.
 */
export function FormInput({ label, error, required, type = 'text', readOnly, ...input }: FormInputProps) {
  return (
    <Field label={label} required={required} error={error}>
      {(control) => (
        <Input
          {...control}
          {...input}
          type={type}
          readOnly={readOnly}
          className={readOnly ? 'bg-slate-50 font-medium tabular-nums dark:bg-slate-800' : undefined}
        />
      )}
    </Field>
  );
}
