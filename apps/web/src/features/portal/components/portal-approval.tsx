import { APPROVAL_MSG, decisionHeadline, type PortalApproval as PortalApprovalState, ratingFormSchema } from '@os/shared';
import { CircleCheck, MessageSquareWarning, Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { usePortalMe } from '../api/portal';
import { usePortalApproval, usePortalDecision } from '../api/portal-approval';
import { ApproveForm, DECISION_FORMS, ReasonForm, sendDecision, UNTIL_SUBMIT } from './decision-forms';

/** 'Aprovar' or 'Contestar' the order, with the verification code of the PDF shown. */
function DecisionOf({
  orderId,
  codigo,
  kind,
  onCancel,
}: {
  orderId: number;
  codigo: string | null;
  kind: 'aprovar' | 'contestar';
  onCancel: () => void;
}) {
  const me = usePortalMe();
  const { approve, contest } = usePortalDecision(orderId);
  if (kind === 'contestar')
    return (
      <ReasonForm
        {...DECISION_FORMS.contestOrder}
        pending={contest.isPending}
        send={(motivo) => contest.mutateAsync({ motivo, codigo })}
        onCancel={onCancel}
      />
    );
  return (
    <ApproveForm
      {...DECISION_FORMS.approveOrder}
      nome={me.data?.nome ?? ''}
      pending={approve.isPending}
      send={(nome, assinatura) => approve.mutateAsync({ nome, assinatura, codigo })}
      onCancel={onCancel}
    />
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

  const submit = handleSubmit((rating) =>
    sendDecision(
      () => rate.mutateAsync(rating),
      APPROVAL_MSG.rated,
      (message) => setError('nota', { message }),
    ),
  );

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
            {open && <DecisionOf orderId={orderId} codigo={state.codigo} kind={open} onCancel={() => setOpen(null)} />}
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
