import { REGISTER_MSG } from '@os/shared';
import { type ReactNode, useEffect } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { firstError, useSchemaForm } from '../../lib/use-schema-form';
import { Field } from './field';
import { Input } from './input';
import { useMessage } from './message-dialog';
import { toast } from './toast';

/** What a register's form modal is given (by RegisterList): open or not, the row to edit (none: a new one), and how to close. */
export interface RegisterModalProps<Row> {
  open: boolean;
  /** The row being edited; undefined: a new one. */
  row?: Row;
  onClose: () => void;
}

export interface RegisterFormOptions<Row extends { id: number }, Values extends FieldValues, Output>
  extends RegisterModalProps<Row> {
  /** The shared schema of what the API accepts (packages/shared): it validates the form and gives what is sent. */
  schema: z.ZodType<Output>;
  /** The form's values for a row (or blank); a stable function, the form resets to it whenever it opens. */
  toValues: (row: Row | undefined) => Values;
  /** The save of the row: PUT with its id, POST without. */
  mutation: { mutateAsync: (variables: { id?: number; input: Output }) => Promise<unknown>; isPending: boolean };
  /** Told after saving: in a toast, or in the 'Sucesso!' dialog. */
  saved: { text: string; in: 'toast' | 'dialog' };
  /** What a refused save says; default the server's message (else REGISTER_MSG.saveFailed). */
  failed?: (reason: string) => ReactNode;
  /** A first problem with this text is a warning ('Atenção'), not an error. */
  warning?: string;
  /** The modal's title for a new row and for one being edited (left out: the modal gives its own title and button). */
  titles?: { new: string; edit: string };
  /** The submit button of an edit (a new row's is 'Criar'); default 'Salvar'. */
  saveLabel?: string;
}

/**
 * The one way the register modals validate and save (docs/rules.md#validation): the shared schema
 * through useSchemaForm (lib/use-schema-form.ts) marks the fields and the first problem opens the 'Erro!' dialog; nothing is sent
 * until it passes. A refusal from the server marks its field and says why; a save closes the modal
 * and says so.
 */
export function useRegisterForm<Row extends { id: number }, Values extends FieldValues, Output>({
  schema,
  open,
  row,
  toValues,
  mutation,
  onClose,
  saved,
  failed,
  warning,
  titles,
  saveLabel = 'Salvar',
}: RegisterFormOptions<Row, Values, Output>) {
  const message = useMessage();
  const form = useSchemaForm(schema as unknown as z.ZodType<Output, Values>, toValues(row));
  const { reset, setError } = form;

  useEffect(() => {
    if (open) reset(toValues(row));
  }, [open, row, toValues, reset]);

  const onSubmit = form.handleSubmit(
    async (output) => {
      try {
        await mutation.mutateAsync({ id: row?.id, input: output });
        onClose();
        if (saved.in === 'dialog') await message.success(saved.text);
        else toast.success(saved.text);
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : '';
        if (error instanceof ApiError && error.field) setError(error.field as Path<Values>, { message: reason });
        await message.error(failed ? failed(reason) : reason || REGISTER_MSG.saveFailed);
      }
    },
    async (errors) => {
      const text = firstError(errors) ?? REGISTER_MSG.saveFailed;
      await (text === warning ? message.warning(text) : message.error(text));
    },
  );

  const dirty = form.formState.isDirty;
  const errors = form.formState.errors;
  // Spread on the FormModal: a new row is created ('Criar'), an existing one saved.
  const modal = {
    open,
    onClose,
    dirty,
    saving: mutation.isPending,
    onSubmit,
    title: titles ? (row ? titles.edit : titles.new) : '',
    submitLabel: row ? saveLabel : 'Criar',
  };
  /** A labelled text input of the form: `props` go to the input, except `required`, which marks the label. */
  const text = (name: Path<Values>, label: string, props: Record<string, unknown> = {}, className = '') => (
    <Field
      label={label}
      error={errors[name]?.message as string | undefined}
      className={className}
      required={props.required === true}
    >
      {(control) => <Input {...control} {...form.register(name)} {...props} required={undefined} />}
    </Field>
  );
  return { ...form, errors, modal, text };
}
