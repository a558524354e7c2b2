import { formatDateTime, QUOTE_ITEM_LABEL, type Quote } from '@os/shared';
import { FileText, Pencil, Send, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Modal } from '../../../components/ui/modal';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { formatCentavos, formatDate, padNumber } from '../../../lib/format';
import { useGenerateOrder, useQuote, useSendQuote } from '../api/quotes';

const reais = (v: number) => formatCentavos(Math.round(v * 100));
const MUTED = 'text-sm text-slate-600 dark:text-slate-400';

/** The quote's card: items, totals, the client's decision with its evidence, and what the office does next. */
export function QuoteDetailModal({ id, onClose, onEdit }: { id: number; onClose: () => void; onEdit: (q: Quote) => void }) {
  const quote = useQuote(id);
  const send = useSendQuote();
  const generate = useGenerateOrder();
  const q = quote.data;
  const editable = q && (q.status === 'Rascunho' || q.status === 'Enviado');

  const onSend = async () => {
    try {
      const result = await send.mutateAsync(id);
      toast.success(`${result.message} (${result.envios.map((e) => e.email).join(', ')})`);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const onGenerate = async () => {
    try {
      const result = await generate.mutateAsync(id);
      toast.success(`OS ${padNumber(result.os.numero)} criada a partir do orçamento.`);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={q ? `Orçamento ${q.codigo}` : 'Orçamento'} size="lg">
      {!q ? (
        <LoadingBlock />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge
              tone={q.status === 'Aprovado' || q.status === 'Convertido' ? 'green' : q.status === 'Enviado' ? 'yellow' : 'gray'}
            >
              {q.status}
            </Badge>
            <span className={MUTED}>
              {q.cliente}
              {q.equipamento ? ` · ${q.equipamento}` : ''} · válido até {formatDate(q.validade)} · versão {q.versao}
              {q.enviadoEm ? ` · enviado em ${formatDateTime(q.enviadoEm)}` : ''}
            </span>
          </div>
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
          {q.os && (
            <p className="text-sm">
              OS gerada:{' '}
              <Link to={`/os?abrir=${q.os.id}`} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
                OS {padNumber(q.os.numero)}
              </Link>
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <NewTabLink
              href={`/api/orcamentos/${q.id}/pdf`}
              icon={FileText}
              className="gap-2 rounded-md border border-slate-300 px-3 py-2 font-medium dark:border-slate-700"
            >
              PDF
            </NewTabLink>
            {editable && (
              <>
                <Button variant="secondary" icon={<Pencil className="size-4" aria-hidden="true" />} onClick={() => onEdit(q)}>
                  Editar
                </Button>
                <Button
                  icon={<Send className="size-4" aria-hidden="true" />}
                  loading={send.isPending}
                  onClick={() => void onSend()}
                >
                  {q.status === 'Enviado' ? 'Reenviar ao cliente' : 'Enviar ao cliente'}
                </Button>
              </>
            )}
            {q.status === 'Aprovado' && (
              <Button
                icon={<Wrench className="size-4" aria-hidden="true" />}
                loading={generate.isPending}
                onClick={() => void onGenerate()}
              >
                Gerar OS
              </Button>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
