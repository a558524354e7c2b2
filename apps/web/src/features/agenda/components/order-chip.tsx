import { useDraggable } from '@dnd-kit/core';
import { type AgendaOrder, conflictLabel, formatDate, type Order, padNumber } from '@os/shared';
import { AlertTriangle, GripVertical } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { hoursLabel } from './period';

/** A board order, scheduled (with its conflicts) or waiting beside the grid. */
export type BoardOrder = Order & { conflitos?: AgendaOrder['conflitos'] };

/** Number, client and hours; a conflict in red naming the other order. */
export function ChipBody({ order, compact, lifted = false }: { order: BoardOrder; compact: boolean; lifted?: boolean }) {
  const conflicts = order.conflitos ?? [];
  return (
    <span
      className={cn(
        'flex w-full min-w-0 items-start gap-1 rounded-md border px-1.5 py-1 text-left text-xs',
        conflicts.length
          ? 'border-red-600 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50'
          : 'border-blue-300 bg-blue-50 text-slate-900 dark:border-blue-700 dark:bg-blue-950 dark:text-slate-50',
        lifted && 'shadow-lg ring-2 ring-blue-600',
      )}
    >
      <GripVertical className="mt-0.5 size-3 shrink-0 opacity-60" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold tabular-nums">OS {padNumber(order.numero)}</span>
        <span className={cn('block', compact ? 'truncate' : 'break-words')}>{order.cliente}</span>
        {order.agendaInicio && order.agendaFim ? (
          <span className="block tabular-nums">
            {hoursLabel({ agendaInicio: order.agendaInicio, agendaFim: order.agendaFim })}
          </span>
        ) : (
          <span className="block text-slate-600 dark:text-slate-300">
            {formatDate(order.data)}
            {order.engenheiroNome ? ` · ${order.engenheiroNome}` : ''}
          </span>
        )}
        {conflicts.length > 0 && (
          <span className="mt-0.5 flex items-start gap-0.5 font-semibold text-red-800 dark:text-red-200">
            <AlertTriangle className="mt-px size-3 shrink-0" aria-hidden="true" />
            {conflictLabel(conflicts.map((c) => c.numero))}
          </span>
        )}
      </span>
    </span>
  );
}

/** An order on the board: a button (Enter or a tap opens the form) that can be dragged (mouse, finger, Space). */
export function OrderChip({
  order,
  draggableId,
  compact,
  onOpen,
}: {
  order: BoardOrder;
  /** Unique on the board: `${id}@${day}` in a cell (an order over several days has a chip a day), `${id}@pendente` beside. */
  draggableId: string;
  compact: boolean;
  onOpen: () => void;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: draggableId,
    data: order,
    attributes: { roleDescription: 'OS arrastável' },
  });
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onClick={onOpen}
      className={cn(
        'block w-full touch-manipulation rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
        isDragging && 'opacity-40',
      )}
    >
      <ChipBody order={order} compact={compact} />
    </button>
  );
}
