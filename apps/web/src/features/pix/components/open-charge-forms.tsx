import { businessToday, PIX_MSG, pixCancelFormSchema, pixDueFormSchema, pixPaidFormSchema } from '@os/shared';
import type { ComponentProps } from 'react';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCancelCharge, useMarkChargePaid, useSetChargeDue } from '../api/pix';

const UNTIL_SUBMIT = { reValidateMode: 'onSubmit' } as const;

/** The forms of an open charge (docs/screens.md#fechamento): 'Alterar vencimento', 'Marcar como paga', 'Cancelar cobrança'. */
export function OpenChargeForms({ numero, vencimento }: { numero: number; vencimento: string }) {
  const due = useSetChargeDue(numero);
  const paid = useMarkChargePaid(numero);
  const cancel = useCancelCharge(numero);
  return (
    <>
      <div className="border-t border-slate-200 pt-3 dark:border-slate-800">
        <ChargeFieldForm
          key={vencimento}
          schema={pixDueFormSchema}
          name="vencimento"
          initial={vencimento}
          label="Vencimento"
          input={{ type: 'date' }}
          submitLabel="Alterar vencimento"
          variant="secondary"
          mutation={due}
          done={PIX_MSG.dueSaved}
        />
      </div>
      <div className="grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2 dark:border-slate-800">
        <ChargeFieldForm
          schema={pixPaidFormSchema}
          name="data"
          initial={businessToday()}
          label="Data do pagamento"
          input={{ type: 'date' }}
          submitLabel="Marcar como paga"
          mutation={paid}
          done={PIX_MSG.paid}
        />
        <ChargeFieldForm
          schema={pixCancelFormSchema}
          name="motivo"
          initial=""
          label="Motivo do cancelamento"
          input={{ maxLength: 500 }}
          submitLabel="Cancelar cobrança"
          variant="danger"
          mutation={cancel}
          done={PIX_MSG.cancelled}
        />
      </div>
    </>
  );
}

/**
 * One of the charge modal's one-field forms (docs/style.md#a-form): the field, its button, the shared schema's
 * message or the server's answer under the field, a toast when done.
 */
function ChargeFieldForm<Name extends string, Output extends Record<Name, unknown>>({
  schema,
  name,
  initial,
  label,
  input,
  submitLabel,
  variant,
  mutation,
  done,
}: {
  schema: z.ZodType<Output, Record<Name, string>>;
  name: Name;
  initial: string;
  label: string;
  input?: ComponentProps<typeof Input>;
  submitLabel: string;
  variant?: ComponentProps<typeof Button>['variant'];
  /** The charge's mutation, given the field's value. */
  mutation: { isPending: boolean; mutateAsync: (value: Output[Name]) => Promise<unknown> };
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
      await mutation.mutateAsync(output[name]);
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
      <Button type="submit" variant={variant} loading={mutation.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
