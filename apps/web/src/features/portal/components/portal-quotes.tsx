import {
  formatDateTime,
  QUOTE_ITEM_LABEL,
  QUOTE_MSG,
  type Quote,
  type QuoteStatus,
  quoteApproveFormSchema,
  quoteRefuseFormSchema,
} from '@os/shared';
import { Eraser, FileText } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { useDocumentTitle } from '../../../components/ui/page-title';
import type { SignatureCanvasHandle } from '../../../components/ui/signature-canvas';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { formatCentavos, formatDate } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { usePortalQuote, usePortalQuoteDecision, usePortalQuotes } from '../api/portal-quotes';
import { OptionalSignature } from './optional-signature';
import { PortalGate } from './portal-home';
import { PORTAL_CARD, PORTAL_MUTED, PortalCard, PortalList, usePortalPage } from './portal-page';

const reais = (v: number) => formatCentavos(Math.round(v * 100));

const STATUS_TONE: Record<QuoteStatus, BadgeTone> = {
  Rascunho: 'gray',
  Enviado: 'yellow',
  Aprovado: 'green',
  Recusado: 'red',
  Vencido: 'orange',
  Convertido: 'blue',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{status === 'Enviado' ? 'Aguardando aprovação' : status}</Badge>;
}

/** /portal/orcamentos: the client's quotes (docs/screens.md#portal). */
export function PortalQuotesPage() {
  useDocumentTitle('Orçamentos - Área do Cliente');
  return <PortalGate>{() => <PortalQuoteList />}</PortalGate>;
}

function PortalQuoteList() {
  const { loading, items, pagination } = usePortalPage(usePortalQuotes);
  if (loading) return <LoadingBlock />;
  return (
    <PortalList
      id="portal-quotes-title"
      title="Orçamentos"
      empty={QUOTE_MSG.empty}
      items={items}
      pagination={pagination}
      card={(q) => (
        <PortalCard
          key={q.id}
          head={
            <>
              <Link
                to={`/portal/orcamentos/${q.id}`}
                className="font-semibold text-blue-800 hover:underline dark:text-blue-300"
              >{`Orçamento ${q.codigo}`}</Link>
              <QuoteStatusBadge status={q.status} />
            </>
          }
        >
          <p className={PORTAL_MUTED}>
            Total {reais(q.total)} · válido até {formatDate(q.validade)}
          </p>
        </PortalCard>
      )}
    />
  );
}

/** /portal/orcamentos/:id: the quote, its PDF, and 'Aprovar' or 'Recusar' while it awaits the client. */
export function PortalQuotePage() {
  const id = Number(useParams().id);
  useDocumentTitle('Orçamento - Área do Cliente');
  return <PortalGate>{() => <PortalQuoteView id={id} />}</PortalGate>;
}

function PortalQuoteView({ id }: { id: number }) {
  const quote = usePortalQuote(id);
  if (quote.isLoading) return <LoadingBlock />;
  if (!quote.data) return <Callout tone="warning">{quote.error?.message ?? QUOTE_MSG.notFound}</Callout>;
  const q = quote.data;
  return (
    <article aria-labelledby="portal-quote-title">
      <div className="flex flex-wrap items-center gap-2">
        <h1 id="portal-quote-title" className="text-xl font-semibold text-slate-900 dark:text-white">
          Orçamento {q.codigo}
        </h1>
        <QuoteStatusBadge status={q.status} />
      </div>
      <p className={PORTAL_MUTED}>
        {q.equipamento ? `${q.equipamento} · ` : ''}válido até {formatDate(q.validade)}
        {q.versao > 1 ? ` · versão ${q.versao}` : ''}
      </p>
      <ul className={`mt-3 flex flex-col divide-y divide-slate-200 dark:divide-slate-800 ${PORTAL_CARD}`} aria-label="Itens">
        {q.itens.map((i, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a quote's items are read only and keep their order
          <li key={n} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
            <span className="text-slate-900 dark:text-slate-100">
              {i.descricao} <span className={PORTAL_MUTED}>({QUOTE_ITEM_LABEL[i.tipo]})</span>
            </span>
            <span className="tabular-nums text-slate-700 dark:text-slate-300">
              {i.quantidade.toLocaleString('pt-BR')} × {reais(i.valorUnitario)} = {reais(i.total)}
            </span>
          </li>
        ))}
        {q.desconto > 0 && (
          <li className="flex justify-between py-2 text-sm">
            <span>Desconto</span>
            <span className="tabular-nums">− {reais(q.desconto)}</span>
          </li>
        )}
        <li className="flex justify-between py-2 font-semibold text-slate-900 dark:text-white">
          <span>Total</span>
          <span className="tabular-nums">{reais(q.total)}</span>
        </li>
      </ul>
      {q.condicoes && <p className="mt-3 whitespace-pre-wrap text-sm">Condições: {q.condicoes}</p>}
      <NewTabLink
        href={`/api/portal/orcamentos/${q.id}/pdf`}
        icon={FileText}
        className="mt-4 gap-2 rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 dark:bg-blue-600"
      >
        Ver PDF do orçamento
      </NewTabLink>
      <QuoteDecision quote={q} />
    </article>
  );
}

function QuoteDecision({ quote: q }: { quote: Quote }) {
  const [open, setOpen] = useState<'approve' | 'refuse' | null>(null);
  if (q.aprovacao)
    return (
      <Callout tone="success" className="mt-4">
        Aprovado por {q.aprovacao.nome} em {formatDateTime(q.aprovacao.em)}.
      </Callout>
    );
  if (q.recusa)
    return (
      <Callout tone="warning" className="mt-4">
        Recusado em {formatDateTime(q.recusa.em)}: {q.recusa.motivo}
      </Callout>
    );
  if (q.status === 'Vencido')
    return (
      <Callout tone="warning" className="mt-4">
        {QUOTE_MSG.expired}
      </Callout>
    );
  if (q.status !== 'Enviado')
    return (
      <Callout tone="warning" className="mt-4">
        {QUOTE_MSG.notSent}
      </Callout>
    );
  return (
    <section aria-label="Decisão" className="mt-4">
      {open === null && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setOpen('approve')}>Aprovar</Button>
          <Button variant="secondary" onClick={() => setOpen('refuse')}>
            Recusar
          </Button>
        </div>
      )}
      {open === 'approve' && <ApproveQuoteForm id={q.id} onCancel={() => setOpen(null)} />}
      {open === 'refuse' && <RefuseQuoteForm id={q.id} onCancel={() => setOpen(null)} />}
    </section>
  );
}

/** A refusal of the server stays under its field until the next 'Confirmar'. */
const UNTIL_SUBMIT = { reValidateMode: 'onSubmit' } as const;

function ApproveQuoteForm({ id, onCancel }: { id: number; onCancel: () => void }) {
  const { approve } = usePortalQuoteDecision(id);
  const { register, handleSubmit, formState, setError } = useSchemaForm(quoteApproveFormSchema, { nome: '' }, UNTIL_SUBMIT);
  const pad = useRef<SignatureCanvasHandle>(null);
  const submit = handleSubmit(async ({ nome }) => {
    try {
      await approve.mutateAsync({ nome, assinatura: pad.current?.toDataUrl() ?? null });
      toast.success(QUOTE_MSG.approved);
    } catch (err) {
      setError('nome', { message: (err as Error).message });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3" aria-label="Aprovar o orçamento">
      <Field label="Nome de quem aprova" required error={formState.errors.nome?.message}>
        {(control) => <Input {...control} autoComplete="name" {...register('nome')} />}
      </Field>
      <OptionalSignature pad={pad} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={approve.isPending} className="flex-1">
          Confirmar aprovação
        </Button>
        <Button variant="secondary" icon={<Eraser className="size-4" aria-hidden="true" />} onClick={() => pad.current?.clear()}>
          Limpar assinatura
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

function RefuseQuoteForm({ id, onCancel }: { id: number; onCancel: () => void }) {
  const { refuse } = usePortalQuoteDecision(id);
  const { register, handleSubmit, formState, setError } = useSchemaForm(quoteRefuseFormSchema, { motivo: '' }, UNTIL_SUBMIT);
  const submit = handleSubmit(async ({ motivo }) => {
    try {
      await refuse.mutateAsync({ motivo });
      toast.success(QUOTE_MSG.refused);
    } catch (err) {
      setError('motivo', { message: (err as Error).message });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3" aria-label="Recusar o orçamento">
      <Field label="Motivo" required error={formState.errors.motivo?.message}>
        {(control) => <Textarea {...control} rows={4} maxLength={2000} {...register('motivo')} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" loading={refuse.isPending} className="flex-1">
          Enviar recusa
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
