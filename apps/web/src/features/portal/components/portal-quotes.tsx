import { formatDateTime, QUOTE_ITEM_LABEL, QUOTE_MSG, type Quote, type QuoteStatus } from '@os/shared';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { useDocumentTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { QUOTE_TONES } from '../../../components/ui/status-tones';
import { formatCentavos, formatDate } from '../../../lib/format';
import { usePortalQuote, usePortalQuoteDecision, usePortalQuotes } from '../api/portal-quotes';
import { ApproveForm, DECISION_FORMS, ReasonForm } from './decision-forms';
import { PortalGate } from './portal-home';
import { PORTAL_CARD, PORTAL_MUTED, PortalCard, PortalList, usePortalPage } from './portal-page';

const reais = (v: number) => formatCentavos(Math.round(v * 100));

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={QUOTE_TONES[status]}>{status === 'Enviado' ? 'Aguardando aprovação' : status}</Badge>;
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
  const { approve, refuse } = usePortalQuoteDecision(q.id);
  const close = () => setOpen(null);
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
      {open === 'approve' && (
        <ApproveForm
          {...DECISION_FORMS.approveQuote}
          nome=""
          pending={approve.isPending}
          send={(nome, assinatura) => approve.mutateAsync({ nome, assinatura })}
          onCancel={close}
        />
      )}
      {open === 'refuse' && (
        <ReasonForm
          {...DECISION_FORMS.refuseQuote}
          pending={refuse.isPending}
          send={(motivo) => refuse.mutateAsync({ motivo })}
          onCancel={close}
        />
      )}
    </section>
  );
}
