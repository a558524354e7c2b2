import {
  type Announcements,
  type CollisionDetection,
  type DndContextProps,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { AGENDA_MSG, formatDate, padNumber } from '@os/shared';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { useScheduleOrder } from '../api/agenda';
import type { CellData } from './agenda-board';
import type { BoardOrder } from './order-chip';
import { PENDING_ID } from './pending-panel';
import { movedWindow } from './period';
import { announceSaved, type TechnicianOption } from './schedule-form-modal';

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

const numberOf = (active: { data: { current?: unknown } }) => padNumber((active.data.current as BoardOrder).numero);

/** What a screen reader hears while an order moves: lifted, over whom and which day, dropped or cancelled. */
function announcementsFor(rows: TechnicianOption[]): Announcements {
  const nameOf = (id: number) => rows.find((r) => r.id === id)?.nome ?? '';
  return {
    onDragStart: ({ active }) => `OS ${numberOf(active)} levantada.`,
    onDragOver: ({ active, over }) => {
      const numero = numberOf(active);
      if (!over) return `OS ${numero} fora da agenda.`;
      if (over.id === PENDING_ID) return `OS ${numero} sobre ${AGENDA_MSG.pendingTitle}.`;
      const cell = over.data.current as CellData;
      return `OS ${numero} sobre ${nameOf(cell.tecnicoId)}, ${formatDate(cell.day)}.`;
    },
    onDragEnd: ({ active, over }) => {
      const numero = numberOf(active);
      if (!over) return `OS ${numero} solta fora da agenda: nada mudou.`;
      if (over.id === PENDING_ID) return `OS ${numero} sem agendamento.`;
      const cell = over.data.current as CellData;
      return `OS ${numero} agendada para ${nameOf(cell.tecnicoId)}, ${formatDate(cell.day)}.`;
    },
    onDragCancel: ({ active }) => `OS ${numberOf(active)}: movimento cancelado.`,
  };
}

/**
 * Drag and drop on the board, by mouse, finger or keyboard: an order dropped on a cell moves to that
 * technician and day keeping its hours (a pending one gets the morning), dropped on the pending list it
 * loses its window. Spread `dnd` on the DndContext; `dragging` is the order the overlay shows.
 */
export function useBoardDrag(rows: TechnicianOption[]) {
  const schedule = useScheduleOrder();
  const [dragging, setDragging] = useState<BoardOrder | null>(null);
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

  const dnd: DndContextProps = {
    sensors,
    collisionDetection: collisions,
    // Scroll the board only when the order is held right at its edge, not while it crosses the grid.
    autoScroll: { threshold: { x: 0.06, y: 0.1 } },
    onDragStart,
    onDragEnd,
    onDragCancel: () => setDragging(null),
    accessibility: {
      announcements: announcementsFor(rows),
      screenReaderInstructions: {
        draggable:
          'Para mover esta OS com o teclado, pressione Espaço, use as setas para escolher o técnico e o dia e pressione Espaço de novo para soltar, ou Escape para cancelar. Enter abre o formulário de agendamento.',
      },
    },
  };
  return { dnd, dragging };
}
