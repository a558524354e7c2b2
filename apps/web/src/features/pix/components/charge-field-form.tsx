import type { ComponentProps } from 'react';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../lib/use-schema-form';

const UNTIL_SUBMIT = { reValidateMode: 'onSubmit' } as const;

/**
 * One of the charge modal's one-field forms (docs/style.md#a-form): the field, its button, the shared schema's
 * message or the server's answer under the field, a toast when done.
 */
export function ChargeFieldForm<Name extends string, Output>({
  schema,
  name,
  initial,
  label,
  input,
  submitLabel,
  variant,
  loading,
  save,
  done,
}: {
  schema: z.ZodType<Output, Record<Name, string>>;
  name: Name;
  initial: string;
  label: string;
  input?: ComponentProps<typeof Input>;
  submitLabel: string;
  variant?: ComponentProps<typeof Button>['variant'];
  loading: boolean;
  save: (output: Output) => Promise<unknown>;
  done: string;
}) {
  const { register, handleSubmit, formState, setError } = useSchemaForm(
    schema,
    { [name]: initial } as Record<Name, string>,
    UNTIL_SUBMIT,
  );
  const field = name as unknown as Path<Record<Name, string>>;
  const submit = handleSubmit(async (output) => {
    try {
      await save(output);
      toast.success(done);
    } catch (err) {
      setError(field, { message: (err as Error).message });
    }
  });
  const error = (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label={submitLabel}>
      <Field label={label} required error={error}>
        {(control) => <Input {...control} {...input} {...register(field)} />}
      </Field>
      <Button type="submit" variant={variant} loading={loading}>
        {submitLabel}
      </Button>
    </form>
  );
}
