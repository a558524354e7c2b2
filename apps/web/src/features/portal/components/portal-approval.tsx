import {
  APPROVAL_MSG,
  approveFormSchema,
  contestFormSchema,
  decisionHeadline,
  type PortalApproval as PortalApprovalState,
  ratingFormSchema,
} from '@os/shared';
import { CircleCheck, Eraser, MessageSquareWarning, Star } from 'lucide-react';
import { type FormEventHandler, type ReactNode, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import type { SignatureCanvasHandle } from '../../../components/ui/signature-canvas';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { usePortalMe } from '../api/portal';
import { usePortalApproval, usePortalDecision } from '../api/portal-approval';
import { OptionalSignature } from './optional-signature';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A decision form's send: success as a toast, the server's refusal under `field`. */
async function sendDecision(send: () => Promise<unknown>, done: string, refuse: (message: string) => void) {
  try {
    await send();
    toast.success(done);
  } catch (err) {
    refuse(errorText(err));
  }
}

/** The portal's forms keep a message under its field until the next submit. */
const UNTIL_SUBMIT = { reValidateMode: 'onSubmit' } as const;

function ApproveForm({ orderId, codigo, onCancel }: { orderId: number; codigo: string | null; onCancel: () => void }) {
  const me = usePortalMe();
  const { approve } = usePortalDecision(orderId);
  const { register, handleSubmit, formState, setError } = useSchemaForm(
    approveFormSchema,
    { nome: me.data?.nome ?? '' },
    UNTIL_SUBMIT,
  );
  const pad = useRef<SignatureCanvasHandle>(null);

  const submit = handleSubmit(({ nome }) =>
    sendDecision(
      () => approve.mutateAsync({ nome, assinatura: pad.current?.toDataUrl() ?? null, codigo }),
      APPROVAL_MSG.approved,
      (message) => setError('nome', { message }),
    ),
  );

  return (
    <DecisionForm
      label="Aprovar a OS"
      onSubmit={submit}
      onCancel={onCancel}
      buttons={
        <>
          <Button type="submit" loading={approve.isPending} className="flex-1">
            Confirmar aprovação
          </Button>
          <Button
            variant="secondary"
            icon={<Eraser className="size-4" aria-hidden="true" />}
            onClick={() => pad.current?.clear()}
          >
            Limpar assinatura
          </Button>
        </>
      }
    >
      <Field label="Nome de quem aprova" required error={formState.errors.nome?.message}>
        {(control) => <Input {...control} autoComplete="name" {...register('nome')} />}
      </Field>
      <OptionalSignature pad={pad} />
    </DecisionForm>
  );
}

/** A decision's form (approve or contest): its fields, then its buttons and 'Cancelar'. */
function DecisionForm({
  label,
  onSubmit,
  onCancel,
  buttons,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  buttons: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3" aria-label={label}>
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

function ContestForm({ orderId, codigo, onCancel }: { orderId: number; codigo: string | null; onCancel: () => void }) {
  const { contest } = usePortalDecision(orderId);
  const { register, handleSubmit, formState, setError } = useSchemaForm(contestFormSchema, { motivo: '' }, UNTIL_SUBMIT);

  const submit = handleSubmit(({ motivo }) =>
    sendDecision(
      () => contest.mutateAsync({ motivo, codigo }),
      APPROVAL_MSG.contested,
      (message) => setError('motivo', { message }),
    ),
  );

  return (
    <DecisionForm
      label="Contestar a OS"
      onSubmit={submit}
      onCancel={onCancel}
      buttons={
        <Button type="submit" variant="danger" loading={contest.isPending} className="flex-1">
          Enviar contestação
        </Button>
      }
    >
      <Field label="Motivo" required error={formState.errors.motivo?.message}>
        {(control) => <Textarea {...control} rows={4} maxLength={2000} {...register('motivo')} />}
      </Field>
    </DecisionForm>
  );
}

function Stars({ nota, className }: { nota: number; className?: string }) {
  return (
    <span className={cn('inline-flex', className)} role="img" aria-label={`${nota} de 5 estrelas`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn('size-5', n <= nota ? 'fill-amber-400 text-amber-500' : 'text-slate-300 dark:text-slate-600')}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

function RatingForm({ orderId }: { orderId: number }) {
  const { rate } = usePortalDecision(orderId);
  const { register, handleSubmit, formState, setError, watch } = useSchemaForm(
    ratingFormSchema,
    { nota: '', comentario: '' },
    UNTIL_SUBMIT,
  );
  const nota = Number(watch('nota'));
  const error = firstError(formState.errors);

  const submit = handleSubmit(async (rating) => {
    try {
      await rate.mutateAsync(rating);
      toast.success(APPROVAL_MSG.rated);
    } catch (err) {
      setError('nota', { message: errorText(err) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <fieldset>
        <legend className="text-base font-semibold text-slate-900 dark:text-white">{APPROVAL_MSG.rateQuestion}</legend>
        <div className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600"
            >
              <input
                type="radio"
                value={n}
                {...register('nota')}
                className="sr-only"
                aria-label={n === 1 ? '1 estrela' : `${n} estrelas`}
              />
              <Star
                className={cn('size-9', n <= nota ? 'fill-amber-400 text-amber-500' : 'text-slate-400 dark:text-slate-500')}
                aria-hidden="true"
              />
            </label>
          ))}
        </div>
        {error && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{error}</p>}
      </fieldset>
      <Field label="Comentário (opcional)">
        {(control) => <Textarea {...control} rows={3} maxLength={1000} {...register('comentario')} />}
      </Field>
      <Button type="submit" loading={rate.isPending}>
        Enviar avaliação
      </Button>
    </form>
  );
}

function Decision({ state }: { state: PortalApprovalState }) {
  const d = state.decisao;
  if (!d) return null;
  return (
    <Callout tone={d.tipo === 'aprovacao' ? 'success' : 'warning'}>
      <p className="font-medium">{decisionHeadline(d)}.</p>
      {d.motivo && <p className="mt-1 whitespace-pre-wrap">Motivo: {d.motivo}</p>}
      {!d.atual && <p className="mt-1">A OS foi alterada depois desta decisão.</p>}
    </Callout>
  );
}

/** The order page's approval (docs/screens.md#portal): 'Aprovar' / 'Contestar' while it awaits a decision, then the rating. */
export function PortalApproval({ orderId }: { orderId: number }) {
  const approval = usePortalApproval(orderId);
  const [open, setOpen] = useState<'aprovar' | 'contestar' | null>(null);
  const state = approval.data;
  if (!state || (!state.pendente && !state.decisao && !state.avaliacao)) return null;

  return (
    <section
      aria-labelledby="portal-approval-title"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="portal-approval-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Aprovação
      </h2>
      <div className="mt-2 flex flex-col gap-3">
        <Decision state={state} />
        {state.pendente && (
          <div>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Esta OS aguarda a sua aprovação. Confira o PDF da OS
              {state.codigo && (
                <>
                  {' '}
                  (código <span className="font-mono">{state.codigo}</span>)
                </>
              )}{' '}
              e aprove ou conteste o serviço.
            </p>
            {open === null && (
              <div className="mt-3 grid grid-cols-2 gap-2">
                <Button icon={<CircleCheck className="size-4" aria-hidden="true" />} onClick={() => setOpen('aprovar')}>
                  {APPROVAL_MSG.approve}
                </Button>
                <Button
                  variant="secondary"
                  icon={<MessageSquareWarning className="size-4" aria-hidden="true" />}
                  onClick={() => setOpen('contestar')}
                >
                  {APPROVAL_MSG.contest}
                </Button>
              </div>
            )}
            {open === 'aprovar' && <ApproveForm orderId={orderId} codigo={state.codigo} onCancel={() => setOpen(null)} />}
            {open === 'contestar' && <ContestForm orderId={orderId} codigo={state.codigo} onCancel={() => setOpen(null)} />}
          </div>
        )}
        {state.podeAvaliar && <RatingForm orderId={orderId} />}
        {state.avaliacao && (
          <div className="text-sm text-slate-700 dark:text-slate-300">
            <p className="flex items-center gap-2">
              Sua avaliação: <Stars nota={state.avaliacao.nota} />
            </p>
            {state.avaliacao.comentario && <p className="mt-1 whitespace-pre-wrap">“{state.avaliacao.comentario}”</p>}
          </div>
        )}
      </div>
    </section>
  );
}
