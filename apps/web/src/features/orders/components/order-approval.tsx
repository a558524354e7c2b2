import { APPROVAL_MSG, decisionHeadline, formatDateTime, type Order, type OrderDecision } from '@os/shared';
import { Send, Star } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useOrderApproval, useSendForApproval } from '../api/order-approval';

function DecisionItem({ orderId, d }: { orderId: number; d: OrderDecision }) {
  return (
    <Callout as="li" tone={d.tipo === 'aprovacao' ? 'success' : 'warning'}>
      <p className="font-medium">
        {decisionHeadline(d)}
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
    </Callout>
  );
}

/** 'Enviar para aprovação': sends, then says to whom (or who failed). */
export function useSendApprovalAction(orderId: number) {
  const send = useSendForApproval(orderId);
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
  return { submit, pending: send.isPending };
}

/**
 * 'Enviar para aprovação' at the top of the order view (docs/rules.md#daily-use), on a Concluído order
 * still waiting for the client, with the last send.
 */
export function OrderApprovalBar({ order }: { order: Pick<Order, 'id' | 'status'> }) {
  const data = useOrderApproval(order.id).data;
  const send = useSendApprovalAction(order.id);
  if (data?.status !== 'Concluído' || !data.pendente) return null;
  const lastSend = data.envios[0];
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-blue-200 bg-blue-50 p-2 dark:border-blue-800 dark:bg-blue-950">
      <Button
        variant="secondary"
        icon={<Send className="size-4" aria-hidden="true" />}
        loading={send.pending}
        onClick={() => void send.submit()}
      >
        {APPROVAL_MSG.send}
      </Button>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {lastSend
          ? `Aguardando o cliente. Último envio em ${formatDateTime(lastSend.em)} para ${lastSend.email} (${lastSend.status}).`
          : 'Aguardando aprovação do cliente.'}
      </p>
    </div>
  );
}

/** The order view's 'Aprovação do cliente' (docs/rules.md#portal): the decisions and the rating ('Enviar para aprovação' is at the top). */
export function OrderApprovalPanel({ order }: { order: Pick<Order, 'id' | 'status'> }) {
  const approval = useOrderApproval(order.id);
  const data = approval.data;
  if (!data) return null;
  if (!data.decisoes.length && !data.avaliacao) return null;

  return (
    <section aria-labelledby="order-approval-title" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 id="order-approval-title" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        Aprovação do cliente
      </h3>
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
