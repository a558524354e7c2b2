import { APPROVAL_MSG, formatDecisionTime, type Order, type OrderDecision } from '@os/shared';
import { Send, Star } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useOrderApproval, useSendForApproval } from '../api/order-approval';

function DecisionItem({ orderId, d }: { orderId: number; d: OrderDecision }) {
  const when = formatDecisionTime(d.em);
  return (
    <li
      className={cn(
        'rounded-md px-3 py-2 text-sm',
        d.tipo === 'aprovacao'
          ? 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100'
          : 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
      )}
    >
      <p className="font-medium">
        {d.tipo === 'aprovacao' ? `Aprovada por ${d.nome} em ${when}` : `Contestada por ${d.nome} em ${when}`}
        {!d.atual && ' (versão anterior da OS)'}
      </p>
      {d.motivo && <p className="mt-0.5 whitespace-pre-wrap">Motivo: {d.motivo}</p>}
      <p className="mt-0.5 break-words text-xs opacity-90">
        Contato: {d.contato} &lt;{d.email}&gt; · Endereço IP: {d.ip} · PDF apresentado: código {d.codigo}
      </p>
      {d.navegador && <p className="mt-0.5 break-words text-xs opacity-75">Navegador: {d.navegador}</p>}
      {d.assinatura && (
        <img
          src={`/api/os/${orderId}/aprovacao/${d.id}/assinatura`}
          alt={`Assinatura de ${d.nome}`}
          className="mt-2 max-h-24 rounded border border-slate-200 bg-white"
        />
      )}
    </li>
  );
}

/** The order view's 'Aprovação do cliente' (docs/rules.md#portal): 'Enviar para aprovação' on a Concluído order, the decisions and the rating. */
export function OrderApprovalPanel({ order }: { order: Pick<Order, 'id' | 'status'> }) {
  const approval = useOrderApproval(order.id);
  const send = useSendForApproval(order.id);
  const data = approval.data;
  if (!data) return null;
  const canSend = data.status === 'Concluído' && data.pendente;
  if (!canSend && !data.decisoes.length && !data.avaliacao) return null;
  const lastSend = data.envios[0];

  const submit = async () => {
    try {
      const result = await send.mutateAsync();
      const failed = result.envios.filter((e) => e.status === 'Falha');
      if (failed.length) toast.error(`${APPROVAL_MSG.sent} Falha para: ${failed.map((f) => f.email).join(', ')}.`);
      else toast.success(`${APPROVAL_MSG.sent} (${result.envios.map((e) => e.email).join(', ')})`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <section aria-labelledby="order-approval-title" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 id="order-approval-title" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        Aprovação do cliente
      </h3>
      {canSend && (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            icon={<Send className="size-4" aria-hidden="true" />}
            loading={send.isPending}
            onClick={() => void submit()}
          >
            {APPROVAL_MSG.send}
          </Button>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {lastSend
              ? `Aguardando o cliente. Último envio em ${formatDecisionTime(lastSend.em)} para ${lastSend.email} (${lastSend.status}).`
              : 'Aguardando aprovação do cliente.'}
          </p>
        </div>
      )}
      {data.decisoes.length > 0 && (
        <ul className="space-y-2">
          {data.decisoes.map((d) => (
            <DecisionItem key={d.id} orderId={order.id} d={d} />
          ))}
        </ul>
      )}
      {data.avaliacao && (
        <p className="mt-2 flex flex-wrap items-center gap-1 text-sm text-slate-700 dark:text-slate-200">
          Avaliação de {data.avaliacao.contato}:
          <span className="inline-flex" role="img" aria-label={`${data.avaliacao.nota} de 5 estrelas`}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Star
                key={n}
                className={cn('size-4', n <= data.avaliacao!.nota ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
                aria-hidden="true"
              />
            ))}
          </span>
          {data.avaliacao.comentario && <span className="italic">“{data.avaliacao.comentario}”</span>}
        </p>
      )}
    </section>
  );
}
