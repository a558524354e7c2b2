import { useEffect } from 'react';
import type { DefaultValues, FieldErrors, FieldValues, Path, UseFormProps, UseFormReturn } from 'react-hook-form';
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
  return firstMessage(Object.values(errors)[0]);
}

/** The message of an error, or of its first nested one (a list's rows: itens.0.texto), never through its element `ref`. */
function firstMessage(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const nested = firstMessage(value, depth + 1);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * A select whose list arrives after the form's values (a register still loading): the chosen row is shown once
 * its option exists.
 */
export function useChosenWhenListed<Values extends FieldValues, Output>(
  form: Pick<UseFormReturn<Values, unknown, Output>, 'getValues' | 'setValue'>,
  name: Path<Values>,
  rows: readonly unknown[] | undefined,
) {
  const { getValues, setValue } = form;
  useEffect(() => {
    const chosen = getValues(name);
    if (chosen && rows?.length) setValue(name, chosen);
  }, [rows, name, getValues, setValue]);
}
