import { type ReactNode, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useMessage } from '../../../components/ui/message-dialog';
import { ApiError } from '../../../lib/api';
import { announceWrite, newIdempotencyKey } from '../../../lib/offline/write';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';

/** The server's reason after the old product's failure message, when it says something more. */
export function failure(specMessage: string, error: unknown): ReactNode {
  const detail = error instanceof ApiError ? error.message : null;
  return detail && detail !== specMessage ? (
    <>
      {specMessage}
      <br />
      {detail}
    </>
  ) : (
    specMessage
  );
}

/** A record write of the order card's forms (useOfflineWrite): sent once per key, or kept on the phone. */
export interface RecordSave<Input> {
  mutateAsync: (variables: { input: Input; key: string; onProgress?: (percent: number) => void }) => Promise<unknown>;
  isPending: boolean;
}

/**
 * A kind of entry of the timesheet: its form's shared `schema`, its `blank` values (again after each save), the
 * hook of its save, and what it says after a save and when the save failed.
 */
export interface EntryKind<Values extends FieldValues, Output extends object> {
  schema: z.ZodType<Output, Values>;
  blank: () => Values;
  useSave: () => RecordSave<Output & { numeroos: number }>;
  texts: readonly [saved: string, failed: string];
}

/** An EntryKind of its parts, checked as declared: the save takes what the schema gives. */
export function entryKind<Values extends FieldValues, Output extends object>(
  schema: z.ZodType<Output, Values>,
  blank: () => Values,
  useSave: () => RecordSave<Output & { numeroos: number }>,
  texts: readonly [saved: string, failed: string],
): EntryKind<Values, Output> {
  return { schema, blank, useSave, texts };
}

/**
 * One entry form of an order card's timesheet (its record of order `orderId`) (docs/rules.md#validation, docs/rules.md#offline-sync): the form's shared
 * schema checks it and its first problem opens the 'Atenção!' dialog; `send` saves the entry once (its
 * idempotency key is renewed only after a save) and says so only when the server has it, or says why not
 * in the 'Erro!' dialog. The form starts again blank after each save.
 */
export function useEntryForm<Values extends FieldValues, Output extends object>(
  { schema, blank, useSave, texts: [saved, failed] }: EntryKind<Values, Output>,
  orderId: number,
) {
  const save = useSave();
  const message = useMessage();
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useSchemaForm(schema, blank());
  const onSubmit = form.handleSubmit(
    async (output) => {
      try {
        announceWrite(await save.mutateAsync({ input: { ...output, numeroos: orderId }, key }), saved);
        setKey(newIdempotencyKey());
        form.reset(blank());
      } catch (error) {
        void message.error(failure(failed, error));
      }
    },
    (errors) => void message.warning(firstError(errors) ?? failed),
  );
  return { ...form, onSubmit, saving: save.isPending };
}
