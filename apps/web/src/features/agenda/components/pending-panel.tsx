import { useDroppable } from '@dnd-kit/core';
import { AGENDA_MSG, type Order } from '@os/shared';
import { LoadingBlock } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { OrderChip } from './order-chip';

/** The drop target's id: an order dropped here loses its window. */
export const PENDING_ID = 'pendentes';

/** 'OS sem agendamento' beside the board: the open orders without a window, longest waiting first. */
export function PendingPanel({
  orders,
  total,
  loading,
  error,
  onOpen,
}: {
  orders: Order[];
  total: number | undefined;
  loading: boolean;
  error: Error | null;
  onOpen: (order: Order) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: PENDING_ID });
  return (
    <aside
      ref={setNodeRef}
      aria-labelledby="agenda-pendentes"
      className={cn(
        'rounded-lg border border-slate-200 bg-white p-3 lg:max-h-[calc(100dvh-10rem)] lg:overflow-y-auto dark:border-slate-700 dark:bg-slate-900',
        isOver && 'outline-2 -outline-offset-2 outline-blue-600',
      )}
    >
      <h2 id="agenda-pendentes" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        {AGENDA_MSG.pendingTitle}
        {total !== undefined && <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">({total})</span>}
      </h2>
      {loading ? (
        <LoadingBlock />
      ) : error ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {error.message || AGENDA_MSG.loadFailed}
        </p>
      ) : orders.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{AGENDA_MSG.pendingEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {orders.map((o) => (
            <li key={o.id}>
              <OrderChip order={o} draggableId={`${o.id}@pendente`} compact={false} onOpen={() => onOpen(o)} />
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
