import type { DefaultValues, FieldErrors, FieldValues, UseFormProps } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { schemaResolver } from './schema-resolver';

/**
 * The one way a form of the app is written (docs/style.md#a-form): react-hook-form over the form's
 * schema from @os/shared, through the project's resolver. `handleSubmit` gets the schema's output
 * (what is sent); the schema's messages are the form's errors.
 */
export function useSchemaForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, Values>,
  defaultValues: Values,
  options: Omit<UseFormProps<Values, unknown, Output>, 'resolver' | 'defaultValues'> = {},
) {
  return useForm<Values, unknown, Output>({
    ...options,
    resolver: schemaResolver(schema),
    defaultValues: defaultValues as DefaultValues<Values>,
  });
}

/** The message of a form's first problem (in the schema's field order), for the one dialog or toast that says it. */
export function firstError<Values extends FieldValues>(errors: FieldErrors<Values>): string | undefined {
  const first = Object.values(errors)[0] as { message?: unknown } | undefined;
  return typeof first?.message === 'string' && first.message ? first.message : undefined;
}
