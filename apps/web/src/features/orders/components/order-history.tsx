import { AUDIT_ACTION_LABELS, ORDER_FIELD_LABELS, ORDER_MSG, STATUS_LABELS } from '@os/shared';
import { LoadingBlock } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useOrderHistory } from '../api/orders';

const ENTITY_LABELS: Record<string, string> = {
  order: 'OS',
  outbound_trip: 'Viagem Ida',
  service_entry: 'Serviço',
  return_trip: 'Viagem Volta',
  description: 'Descrição',
  expense: 'Despesa',
  signature: 'Assinatura',
  aprovacao_envio: 'Enviada para aprovação',
  aprovacao: 'Aprovação do cliente',
  contestacao: 'Contestação do cliente',
  avaliacao: 'Avaliação do cliente',
};

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status' && typeof value === 'string') return STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function when(iso: string): string {
  const d = new Date(iso);
  return `${d.toLocaleDateString('pt-BR')} ${d.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}`;
}

/** The audit trail of an order (docs/rules.md#order-life-cycle): who, when, which field went from what to what. */
export function OrderHistory({ orderId }: { orderId: number }) {
  const history = useOrderHistory(orderId);
  return (
    <section aria-labelledby="order-history-title" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 id="order-history-title" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        {ORDER_MSG.history}
      </h3>
      {history.isPending ? (
        <LoadingBlock />
      ) : history.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{history.error.message}</p>
      ) : history.data.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{ORDER_MSG.historyEmpty}</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {history.data.map((entry) => {
            const changes =
              entry.action === 'update' && entry.changes && typeof entry.changes === 'object'
                ? Object.entries(entry.changes as Record<string, { antes: unknown; depois: unknown }>)
                : [];
            return (
              <li key={entry.id} className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                <div className="flex flex-wrap gap-x-2 text-slate-600 dark:text-slate-300">
                  <span className="font-medium text-slate-900 dark:text-white">
                    {AUDIT_ACTION_LABELS[entry.action]}
                    {entry.entity !== 'order' && ` · ${ENTITY_LABELS[entry.entity] ?? entry.entity}`}
                  </span>
                  <span>{when(entry.at)}</span>
                  <span>por {entry.username}</span>
                </div>
                {changes.length > 0 && (
                  <ul className="mt-1 space-y-0.5 text-slate-700 dark:text-slate-200">
                    {changes.map(([field, change]) => (
                      <li key={field}>
                        <span className="font-medium">{ORDER_FIELD_LABELS[field] ?? field}:</span> {show(field, change?.antes)} →{' '}
                        {show(field, change?.depois)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
