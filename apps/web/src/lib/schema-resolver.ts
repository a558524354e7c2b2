import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one resolver of the app's forms: a shared schema of @os/shared checks the form's values (its
 * Portuguese messages land on the fields) and gives the submit handler the schema's output. Zod runs without
 * eval (lib/zod-config.ts, imported first by main.tsx).
 */
export function schemaResolver<Values extends FieldValues, Output>(schema: z.ZodType<Output, Values>) {
  return zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
}
