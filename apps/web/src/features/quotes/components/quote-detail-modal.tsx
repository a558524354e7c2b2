import { formatDateTime, type Quote } from '@os/shared';
import { FileText, Pencil, Send, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { formatDate, padNumber } from '../../../lib/format';
import { useGenerateOrder, useQuote, useSendQuote } from '../api/quotes';
import { QuoteDecisionEvidence, QuoteItemsList } from './quote-card-parts';

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
          <QuoteItemsList quote={q} />
          <QuoteDecisionEvidence quote={q} />
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
