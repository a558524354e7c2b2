import {
  APPROVAL_MSG,
  approveFormSchema,
  contestFormSchema,
  QUOTE_MSG,
  quoteApproveFormSchema,
  quoteRefuseFormSchema,
} from '@os/shared';
import { Eraser } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import type { SignatureCanvasHandle } from '../../../components/ui/signature-canvas';
import { toast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { OptionalSignature } from './optional-signature';

/** The portal's forms keep a message under its field until the next submit. */
export const UNTIL_SUBMIT = { reValidateMode: 'onSubmit' } as const;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A portal form's send: success as a toast, the server's refusal under its field. */
export async function sendDecision(send: () => Promise<unknown>, done: string, refuse: (message: string) => void) {
  try {
    await send();
    toast.success(done);
  } catch (err) {
    refuse(errorText(err));
  }
}

/** The portal's decisions: an order's (docs/rules.md#portal) and a quote's (docs/rules.md#quotes), each form's name and texts. */
export const DECISION_FORMS = {
  approveOrder: { label: 'Aprovar a OS', schema: approveFormSchema, done: APPROVAL_MSG.approved },
  contestOrder: {
    label: 'Contestar a OS',
    schema: contestFormSchema,
    done: APPROVAL_MSG.contested,
    submitLabel: 'Enviar contestação',
  },
  approveQuote: { label: 'Aprovar o orçamento', schema: quoteApproveFormSchema, done: QUOTE_MSG.approved },
  refuseQuote: {
    label: 'Recusar o orçamento',
    schema: quoteRefuseFormSchema,
    done: QUOTE_MSG.refused,
    submitLabel: 'Enviar recusa',
  },
};

/** What every decision form of the portal gets: its name, the toast of success, 'Cancelar'. */
interface DecisionProps {
  label: string;
  pending: boolean;
  done: string;
  onCancel: () => void;
}

/** A decision's form: its fields, then its buttons and 'Cancelar'; the send's refusal stands under `field`. */
function DecisionForm<Values extends FieldValues>({
  label,
  done,
  onCancel,
  form,
  field,
  send,
  buttons,
  children,
}: Omit<DecisionProps, 'pending'> & {
  form: UseFormReturn<Values, unknown, Values>;
  field: Path<Values>;
  send: (values: Values) => Promise<unknown>;
  buttons: ReactNode;
  children: ReactNode;
}) {
  const submit = form.handleSubmit((values) =>
    sendDecision(
      () => send(values),
      done,
      (message) => form.setError(field, { message }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3" aria-label={label}>
      {children}
      <div className="flex flex-wrap gap-2">
        {buttons}
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/** 'Aprovar' an order or a quote (docs/rules.md#portal, docs/rules.md#quotes): the typed name and an optional drawn signature. */
export function ApproveForm({
  schema,
  nome,
  send,
  pending,
  ...decision
}: DecisionProps & {
  schema: z.ZodType<{ nome: string }, { nome: string }>;
  nome: string;
  send: (nome: string, assinatura: string | null) => Promise<unknown>;
}) {
  const form = useSchemaForm(schema, { nome }, UNTIL_SUBMIT);
  const pad = useRef<SignatureCanvasHandle>(null);
  const buttons = (
    <>
      <Button type="submit" loading={pending} className="flex-1">
        Confirmar aprovação
      </Button>
      <Button variant="secondary" icon={<Eraser className="size-4" aria-hidden="true" />} onClick={() => pad.current?.clear()}>
        Limpar assinatura
      </Button>
    </>
  );
  return (
    <DecisionForm
      {...decision}
      form={form}
      field="nome"
      send={(v) => send(v.nome, pad.current?.toDataUrl() ?? null)}
      buttons={buttons}
    >
      <Field label="Nome de quem aprova" required error={form.formState.errors.nome?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('nome')} />}
      </Field>
      <OptionalSignature pad={pad} />
    </DecisionForm>
  );
}

/** 'Contestar' an order or 'Recusar' a quote: the reason. */
export function ReasonForm({
  schema,
  submitLabel,
  send,
  pending,
  ...decision
}: DecisionProps & {
  schema: z.ZodType<{ motivo: string }, { motivo: string }>;
  submitLabel: string;
  send: (motivo: string) => Promise<unknown>;
}) {
  const form = useSchemaForm(schema, { motivo: '' }, UNTIL_SUBMIT);
  const buttons = (
    <Button type="submit" variant="danger" loading={pending} className="flex-1">
      {submitLabel}
    </Button>
  );
  return (
    <DecisionForm {...decision} form={form} field="motivo" send={(v) => send(v.motivo)} buttons={buttons}>
      <Field label="Motivo" required error={form.formState.errors.motivo?.message}>
        {(control) => <Textarea {...control} rows={4} maxLength={2000} {...form.register('motivo')} />}
      </Field>
    </DecisionForm>
  );
}
