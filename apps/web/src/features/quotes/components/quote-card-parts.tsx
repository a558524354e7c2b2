import { formatDateTime, QUOTE_ITEM_LABEL, type Quote } from '@os/shared';
import { Callout } from '../../../components/ui/callout';
import { formatCentavos } from '../../../lib/format';

const reais = (v: number) => formatCentavos(Math.round(v * 100));
const MUTED = 'text-sm text-slate-600 dark:text-slate-400';

/** The quote's items with quantity × price = total, then subtotal, discount and total. */
export function QuoteItemsList({ quote: q }: { quote: Quote }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 px-3 dark:divide-slate-800 dark:border-slate-800">
      {q.itens.map((i, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a quote's items are read only and keep their order
        <li key={n} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
          <span>
            {i.descricao} <span className={MUTED}>({QUOTE_ITEM_LABEL[i.tipo]})</span>
          </span>
          <span className="tabular-nums">
            {i.quantidade.toLocaleString('pt-BR')} × {reais(i.valorUnitario)} = {reais(i.total)}
          </span>
        </li>
      ))}
      <li className="flex justify-between py-2 text-sm">
        <span>Subtotal · Desconto</span>
        <span className="tabular-nums">
          {reais(q.subtotal)} · − {reais(q.desconto)}
        </span>
      </li>
      <li className="flex justify-between py-2 font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{reais(q.total)}</span>
      </li>
    </ul>
  );
}

/** The client's decision with its evidence (docs/rules.md#quotes): who, name typed, when, address, browser, version, code, signature. */
export function QuoteDecisionEvidence({ quote: q }: { quote: Quote }) {
  return (
    <>
      {q.aprovacao && (
        <Callout tone="success">
          Aprovado por <strong>{q.aprovacao.nome}</strong> ({q.aprovacao.contato}, {q.aprovacao.email}) em{' '}
          {formatDateTime(q.aprovacao.em)} · IP {q.aprovacao.ip} · versão {q.aprovacao.versao} · código do PDF{' '}
          {q.aprovacao.codigoPdf}
          <br />
          <span className="text-xs">{q.aprovacao.navegador}</span>
          {q.aprovacao.assinatura && (
            <img
              src={`/api/orcamentos/${q.id}/assinatura`}
              alt="Assinatura desenhada na aprovação"
              className="mt-2 max-h-24 rounded bg-white"
            />
          )}
        </Callout>
      )}
      {q.recusa && (
        <Callout tone="warning">
          Recusado por {q.recusa.contato} em {formatDateTime(q.recusa.em)}: {q.recusa.motivo}
        </Callout>
      )}
    </>
  );
}
