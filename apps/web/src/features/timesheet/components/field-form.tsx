import type { ReactNode } from 'react';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

/** Today as 'YYYY-MM-DD' in the phone's own time zone. */
export function today(): string {
  return new Date().toLocaleDateString('sv-SE');
}

/** A labelled input of the field forms: large on phones, the right keyboard per type (docs/ui.md). */
export function FormInput({
  label,
  value,
  onChange,
  type = 'text',
  inputMode,
  readOnly,
  disabled,
  placeholder,
  step,
  required,
  error,
}: {
  label: ReactNode;
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'date' | 'time' | 'number';
  inputMode?: 'decimal' | 'numeric' | 'text';
  readOnly?: boolean;
  disabled?: boolean;
  placeholder?: string;
  step?: string;
  required?: boolean;
  error?: string;
}) {
  return (
    <Field label={label} required={required} error={error}>
      {(control) => (
        <Input
          {...control}
          type={type}
          inputMode={inputMode}
          step={step}
          value={value}
          readOnly={readOnly}
          disabled={disabled}
          placeholder={placeholder}
          onChange={onChange ? (e) => onChange(e.target.value) : undefined}
          className={readOnly ? 'bg-slate-50 font-medium tabular-nums dark:bg-slate-800' : undefined}
        />
      )}
    </Field>
  );
}

/** 'R$'-free decimal text ('12,5') -> number, or null when empty or unreadable. */
export function parseDecimal(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!clean) return null;
  const n = Number(clean);
  return Number.isFinite(n) ? n : null;
}
