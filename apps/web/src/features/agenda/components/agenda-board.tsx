import { useDroppable } from '@dnd-kit/core';
import { AGENDA_MSG, type AgendaOrder, formatDate } from '@os/shared';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { TableFrame } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { type BoardOrder, OrderChip } from './order-chip';
import { dayHeading, touchesDay } from './period';
import type { TechnicianOption } from './schedule-form-modal';
import type { BoardPeriod } from './use-board-period';

/** What a day's cell carries as a drop target. */
export interface CellData {
  tecnicoId: number;
  day: string;
}

function DayCell({
  tecnicoId,
  technician,
  day,
  wide,
  today,
  children,
}: {
  tecnicoId: number;
  technician: string;
  day: string;
  wide: boolean;
  today: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `${tecnicoId}:${day}`, data: { tecnicoId, day } satisfies CellData });
  return (
    <td
      ref={setNodeRef}
      data-cell={`${technician} ${formatDate(day)}`}
      // The day's name before its orders on a phone card.
      data-label={dayHeading(day)}
      className={cn(
        'h-20 border-l border-slate-200 p-1 align-top dark:border-slate-700',
        wide ? 'min-w-64' : 'min-w-20',
        'max-sm:flex max-sm:h-auto max-sm:min-h-11 max-sm:min-w-0 max-sm:items-start max-sm:gap-2 max-sm:border-t max-sm:border-l-0 max-sm:px-2',
        'max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:pt-1 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-300',
        today && 'bg-blue-50/40 dark:bg-blue-950/30',
        isOver && 'bg-blue-100 outline-2 -outline-offset-2 outline-blue-600 dark:bg-blue-900/60',
      )}
    >
      <div className="flex flex-col gap-1 max-sm:min-w-0 max-sm:flex-1">{children}</div>
    </td>
  );
}

function DayHeadings({ days, today, todayRef }: { days: string[]; today: string; todayRef: Ref<HTMLTableCellElement> }) {
  return (
    <>
      <th
        scope="col"
        className="sticky left-0 z-10 w-24 bg-slate-50 p-2 text-left text-xs font-semibold text-slate-600 sm:w-32 dark:bg-slate-800 dark:text-slate-300"
      >
        {AGENDA_MSG.technician}
      </th>
      {days.map((d) => (
        <th
          key={d}
          ref={d === today ? todayRef : undefined}
          scope="col"
          aria-current={d === today ? 'date' : undefined}
          className={cn(
            'border-l border-slate-200 p-2 text-left text-xs font-semibold whitespace-nowrap dark:border-slate-700',
            d === today
              ? 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100'
              : 'bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
          )}
        >
          {dayHeading(d)}
        </th>
      ))}
    </>
  );
}

/** The technician's scheduled orders whose window touches the day. */
const ordersOn = (orders: AgendaOrder[], tecnicoId: number, day: string) =>
  orders.filter(
    (o) =>
      o.engenheiroId === tecnicoId &&
      o.agendaInicio !== null &&
      o.agendaFim !== null &&
      touchesDay({ agendaInicio: o.agendaInicio, agendaFim: o.agendaFim }, day),
  );

/**
 * The board: a row per technician, a column per day of the period, each scheduled order a chip in every day
 * its window touches. Each cell is a drop target. Under 640 px each technician is a card of day lines, so the
 * board never scrolls sideways (docs/rules.md#daily-use); the day headings stay for screen readers.
 */
export function AgendaBoard({
  rows,
  orders,
  board,
  onOpen,
}: {
  rows: TechnicianOption[];
  orders: AgendaOrder[];
  board: BoardPeriod;
  onOpen: (order: BoardOrder) => void;
}) {
  const { view, today, period } = board;
  const todayRef = useRef<HTMLTableCellElement>(null);
  // docs/rules.md#daily-use: a period that holds today opens scrolled to it (the month is wider than a screen).
  const shown = `${view}:${period.days[0]}`;
  useEffect(() => {
    if (!shown || !window.matchMedia('(min-width: 640px)').matches) return;
    todayRef.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [shown]);
  return (
    <TableFrame
      caption={`${AGENDA_MSG.title}: ${board.label}`}
      head={<DayHeadings days={period.days} today={today} todayRef={todayRef} />}
    >
      {rows.map((tech) => (
        <tr key={tech.id} className="border-t border-slate-200 max-sm:block first:max-sm:border-t-0 dark:border-slate-700">
          <th
            scope="row"
            className="sticky left-0 z-10 bg-white p-2 text-left align-top text-xs font-semibold break-words text-slate-800 max-sm:static max-sm:block max-sm:bg-slate-50 max-sm:text-sm dark:bg-slate-900 dark:text-slate-100 max-sm:dark:bg-slate-800"
          >
            {tech.nome}
          </th>
          {period.days.map((d) => (
            <DayCell key={d} tecnicoId={tech.id} technician={tech.nome} day={d} wide={view === 'dia'} today={d === today}>
              {ordersOn(orders, tech.id, d).map((o) => (
                <OrderChip key={o.id} order={o} draggableId={`${o.id}@${d}`} compact={view === 'mes'} onOpen={() => onOpen(o)} />
              ))}
            </DayCell>
          ))}
        </tr>
      ))}
    </TableFrame>
  );
}
