import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  AGENDA_MSG,
  type AgendaOrder,
  businessToday,
  conflictLabel,
  formatDate,
  isIsoDate,
  type Order,
  padNumber,
} from '@os/shared';
import { AlertTriangle, ChevronLeft, ChevronRight, GripVertical } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { technicians, useUsers } from '../../../lib/registers';
import { useAgenda, usePendingOrders, useScheduleOrder } from '../api/agenda';
import { dayHeading, hoursLabel, movedWindow, periodLabel, periodOf, shiftDay, touchesDay, VIEWS, type View } from './period';
import { announceSaved, ScheduleFormModal, type TechnicianOption } from './schedule-form-modal';

const VIEW_LABELS: Record<View, string> = { dia: AGENDA_MSG.day, semana: AGENDA_MSG.week, mes: AGENDA_MSG.month };
const PENDING_ID = 'pendentes';

/** A board order, scheduled (with its conflicts) or waiting beside the grid. */
type BoardOrder = Order & { conflitos?: AgendaOrder['conflitos'] };

interface CellData {
  tecnicoId: number;
  day: string;
}

/**
 * Arrow keys carry a picked-up order to the next cell in that direction (Space picks up and drops,
 * Escape cancels): the board works with the keyboard alone, not only with a pointer.
 */
const toNextCell: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const directions: Record<string, [number, number]> = {
    [KeyboardCode.Right]: [1, 0],
    [KeyboardCode.Left]: [-1, 0],
    [KeyboardCode.Down]: [0, 1],
    [KeyboardCode.Up]: [0, -1],
  };
  const direction = directions[event.code];
  const rect = context.collisionRect;
  if (!direction || !rect) return undefined;
  event.preventDefault();
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;
  let best: { x: number; y: number; score: number } | null = null;
  for (const container of context.droppableContainers.getEnabled()) {
    const target = context.droppableRects.get(container.id);
    if (!target) continue;
    const x = target.left + target.width / 2;
    const y = target.top + target.height / 2;
    const along = (x - cx) * direction[0] + (y - cy) * direction[1];
    if (along <= 2) continue;
    const across = Math.abs((x - cx) * direction[1]) + Math.abs((y - cy) * direction[0]);
    const score = along + across * 4;
    if (!best || score < best.score) best = { x, y, score };
  }
  if (!best) return currentCoordinates;
  return { x: currentCoordinates.x + best.x - cx, y: currentCoordinates.y + best.y - cy };
};

/** Under the finger or pointer first; for the keyboard the cell the order was carried over. */
const collisions: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

function useBoardPeriod() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('vista');
  const view: View = (VIEWS as readonly string[]).includes(asked ?? '') ? (asked as View) : 'semana';
  const dayParam = params.get('dia');
  const day = dayParam && isIsoDate(dayParam) ? dayParam : businessToday();
  const go = (next: { view?: View; day?: string }) =>
    setParams({ vista: next.view ?? view, dia: next.day ?? day }, { replace: true });
  return { view, day, go };
}

/**
 * /agenda (docs/screens.md#agenda): technicians by days, each scheduled order with number, client and
 * hours, conflicts marked on both orders, the open orders without a window beside. An order moves by
 * drag and drop (mouse, finger, keyboard) or by the form 'Agendar OS 00042'.
 */
export function AgendaPage() {
  const { view, day, go } = useBoardPeriod();
  const period = useMemo(() => periodOf(view, day), [view, day]);
  const today = businessToday();
  const agenda = useAgenda(period);
  const pending = usePendingOrders();
  const users = useUsers({ select: technicians });
  const schedule = useScheduleOrder();
  const [form, setForm] = useState<{ order: BoardOrder; tecnicoId?: string } | null>(null);
  const [dragging, setDragging] = useState<BoardOrder | null>(null);

  const orders = agenda.data ?? [];
  // Rows: the technicians, and anyone else holding an order of the period.
  const rows: TechnicianOption[] = useMemo(() => {
    const list = (users.data ?? []).map((u) => ({ id: u.id, nome: u.nome_completo || u.username }));
    for (const o of orders) {
      if (o.engenheiroId && !list.some((t) => t.id === o.engenheiroId))
        list.push({ id: o.engenheiroId, nome: o.engenheiroNome || o.engenheiro });
    }
    return list;
  }, [users.data, orders]);
  const technicianOptions = useMemo(
    () => (users.data ?? []).map((u) => ({ id: u.id, nome: u.nome_completo || u.username })),
    [users.data],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // Hold the finger still a moment to pick an order up; a quick swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: toNextCell,
      scrollBehavior: 'auto',
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );

  const nameOf = (id: number) => rows.find((r) => r.id === id)?.nome ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `OS ${padNumber((active.data.current as BoardOrder).numero)} levantada.`,
    onDragOver: ({ active, over }) => {
      const numero = padNumber((active.data.current as BoardOrder).numero);
      if (!over) return `OS ${numero} fora da agenda.`;
      if (over.id === PENDING_ID) return `OS ${numero} sobre ${AGENDA_MSG.pendingTitle}.`;
      const cell = over.data.current as CellData;
      return `OS ${numero} sobre ${nameOf(cell.tecnicoId)}, ${formatDate(cell.day)}.`;
    },
    onDragEnd: ({ active, over }) => {
      const numero = padNumber((active.data.current as BoardOrder).numero);
      if (!over) return `OS ${numero} solta fora da agenda: nada mudou.`;
      if (over.id === PENDING_ID) return `OS ${numero} sem agendamento.`;
      const cell = over.data.current as CellData;
      return `OS ${numero} agendada para ${nameOf(cell.tecnicoId)}, ${formatDate(cell.day)}.`;
    },
    onDragCancel: ({ active }) => `OS ${padNumber((active.data.current as BoardOrder).numero)}: movimento cancelado.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragging(active.data.current as BoardOrder);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const order = active.data.current as BoardOrder;
    const save = (body: { tecnicoId?: number; agendaInicio: string | null; agendaFim: string | null }) =>
      schedule.mutate(
        { id: order.id, ...body },
        { onSuccess: announceSaved, onError: (error) => toast.error(error.message || AGENDA_MSG.saveFailed) },
      );
    if (over.id === PENDING_ID) {
      if (order.agendaInicio) save({ agendaInicio: null, agendaFim: null });
      return;
    }
    const cell = over.data.current as CellData;
    const window = movedWindow(order, cell.day);
    if (cell.tecnicoId === order.engenheiroId && window.agendaInicio === order.agendaInicio) return;
    save({ tecnicoId: cell.tecnicoId, ...window });
  };

  const open = (order: BoardOrder) => setForm({ order });

  return (
    <section className="mx-auto max-w-[100rem]">
      <PageTitle title={AGENDA_MSG.title} count={agenda.data ? orders.length : undefined}>
        <span aria-live="polite">{periodLabel(view, period)}</span>
      </PageTitle>

      <div className="mb-3 flex flex-wrap items-center gap-2">
        <fieldset className="inline-flex rounded-md border border-slate-300 dark:border-slate-600">
          <legend className="sr-only">Visão</legend>
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => go({ view: v })}
              className={cn(
                'min-h-11 px-3 text-sm font-medium first:rounded-l-md last:rounded-r-md sm:min-h-9',
                view === v
                  ? 'bg-blue-700 text-white dark:bg-blue-600'
                  : 'bg-white text-slate-800 hover:bg-slate-100 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
              )}
            >
              {VIEW_LABELS[v]}
            </button>
          ))}
        </fieldset>
        <div className="inline-flex gap-1">
          <Button
            variant="secondary"
            className="max-sm:min-h-11"
            icon={<ChevronLeft className="size-4" aria-hidden="true" />}
            onClick={() => go({ day: shiftDay(view, day, -1) })}
          >
            {AGENDA_MSG.previous}
          </Button>
          <Button variant="secondary" className="max-sm:min-h-11" onClick={() => go({ day: today })}>
            {AGENDA_MSG.today}
          </Button>
          <Button variant="secondary" className="max-sm:min-h-11" onClick={() => go({ day: shiftDay(view, day, 1) })}>
            {AGENDA_MSG.next}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>

      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        // Scroll the board only when the order is held right at its edge, not while it crosses the grid.
        autoScroll={{ threshold: { x: 0.06, y: 0.1 } }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'Para mover esta OS com o teclado, pressione Espaço, use as setas para escolher o técnico e o dia e pressione Espaço de novo para soltar, ou Escape para cancelar. Enter abre o formulário de agendamento.',
          },
        }}
      >
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">
            {agenda.isPending || users.isPending ? (
              <LoadingBlock />
            ) : agenda.isError ? (
              <ErrorAlert>{agenda.error.message || AGENDA_MSG.loadFailed}</ErrorAlert>
            ) : rows.length === 0 ? (
              <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
                {AGENDA_MSG.noTechnicians}
              </p>
            ) : (
              <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
                {/* Under 640 px each technician is a card of day lines, so the board never scrolls sideways
                    (docs/rules.md#daily-use); the day headings stay for screen readers. */}
                <table className="w-full border-collapse text-sm max-sm:block">
                  <caption className="sr-only">
                    {AGENDA_MSG.title}: {periodLabel(view, period)}
                  </caption>
                  <thead className="max-sm:sr-only">
                    <tr>
                      <th
                        scope="col"
                        className="sticky left-0 z-10 w-24 bg-slate-50 p-2 text-left text-xs font-semibold text-slate-600 sm:w-32 dark:bg-slate-800 dark:text-slate-300"
                      >
                        {AGENDA_MSG.technician}
                      </th>
                      {period.days.map((d) => (
                        <th
                          key={d}
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
                    </tr>
                  </thead>
                  <tbody className="max-sm:block">
                    {rows.map((tech) => (
                      <tr
                        key={tech.id}
                        className="border-t border-slate-200 max-sm:block first:max-sm:border-t-0 dark:border-slate-700"
                      >
                        <th
                          scope="row"
                          className="sticky left-0 z-10 bg-white p-2 text-left align-top text-xs font-semibold break-words text-slate-800 max-sm:static max-sm:block max-sm:bg-slate-50 max-sm:text-sm dark:bg-slate-900 dark:text-slate-100 max-sm:dark:bg-slate-800"
                        >
                          {tech.nome}
                        </th>
                        {period.days.map((d) => (
                          <DayCell
                            key={d}
                            tecnicoId={tech.id}
                            technician={tech.nome}
                            day={d}
                            wide={view === 'dia'}
                            today={d === today}
                          >
                            {orders
                              .filter(
                                (o) =>
                                  o.engenheiroId === tech.id &&
                                  o.agendaInicio !== null &&
                                  o.agendaFim !== null &&
                                  touchesDay({ agendaInicio: o.agendaInicio, agendaFim: o.agendaFim }, d),
                              )
                              .map((o) => (
                                <OrderChip
                                  key={o.id}
                                  order={o}
                                  draggableId={`${o.id}@${d}`}
                                  compact={view === 'mes'}
                                  onOpen={() => open(o)}
                                />
                              ))}
                          </DayCell>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>

          <PendingPanel
            orders={pending.data?.items ?? []}
            total={pending.data?.total}
            loading={pending.isPending}
            error={pending.error}
            onOpen={open}
          />
        </div>

        <DragOverlay dropAnimation={null}>{dragging ? <ChipBody order={dragging} compact={false} lifted /> : null}</DragOverlay>
      </DndContext>

      {form && (
        <ScheduleFormModal
          order={form.order}
          technicians={technicianOptions}
          initial={form.tecnicoId ? { tecnicoId: form.tecnicoId } : undefined}
          onClose={() => setForm(null)}
        />
      )}
    </section>
  );
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

/** Number, client and hours; a conflict in red naming the other order. */
function ChipBody({ order, compact, lifted = false }: { order: BoardOrder; compact: boolean; lifted?: boolean }) {
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
function OrderChip({
  order,
  draggableId,
  compact,
  onOpen,
}: {
  order: BoardOrder;
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

function PendingPanel({
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
