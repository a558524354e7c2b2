import { DndContext, DragOverlay } from '@dnd-kit/core';
import { AGENDA_MSG } from '@os/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { technicians, useUsers } from '../../../lib/registers';
import {
  type NotifyNow,
  NotifyNowProvider,
  type ScheduleOrder,
  ScheduleOrderProvider,
  useAgenda,
  usePendingOrders,
} from '../api/agenda';
import { AgendaBoard } from './agenda-board';
import { type BoardOrder, ChipBody } from './order-chip';
import { PendingPanel } from './pending-panel';
import { VIEWS, type View } from './period';
import { ScheduleFormModal, type TechnicianOption } from './schedule-form-modal';
import { useBoardDrag } from './use-board-drag';
import { type BoardPeriod, useBoardPeriod } from './use-board-period';
import { WaitingNotices } from './waiting-notices';

const VIEW_LABELS: Record<View, string> = { dia: AGENDA_MSG.day, semana: AGENDA_MSG.week, mes: AGENDA_MSG.month };

/** 'Dia' / 'Semana' / 'Mês', then 'Anterior', 'Hoje', 'Próximo'. */
function PeriodToolbar({ board }: { board: BoardPeriod }) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <fieldset className="inline-flex rounded-md border border-slate-300 dark:border-slate-600">
        <legend className="sr-only">Visão</legend>
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={board.view === v}
            onClick={() => board.setView(v)}
            className={cn(
              'min-h-11 px-3 text-sm font-medium first:rounded-l-md last:rounded-r-md sm:min-h-9',
              board.view === v
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
          onClick={() => board.step(-1)}
        >
          {AGENDA_MSG.previous}
        </Button>
        <Button variant="secondary" className="max-sm:min-h-11" onClick={board.toToday}>
          {AGENDA_MSG.today}
        </Button>
        <Button variant="secondary" className="max-sm:min-h-11" onClick={() => board.step(1)}>
          {AGENDA_MSG.next}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/**
 * /agenda (docs/screens.md#agenda): technicians by days, each scheduled order with number, client and
 * hours, conflicts marked on both orders, the open orders without a window beside. An order moves by
 * drag and drop (mouse, finger, keyboard) or by the form 'Agendar OS 00042'. `scheduleOrder` is the
 * orders feature's write (PUT /api/os/{id}/agenda), given by app/routes/agenda-route.tsx, as is
 * `notifyNow` ('Avisar agora', POST /api/os/{id}/agenda/avisar).
 */
export function AgendaPage({ scheduleOrder, notifyNow }: { scheduleOrder: ScheduleOrder; notifyNow: NotifyNow }) {
  return (
    <ScheduleOrderProvider value={scheduleOrder}>
      <NotifyNowProvider value={notifyNow}>
        <Agenda />
      </NotifyNowProvider>
    </ScheduleOrderProvider>
  );
}

function Agenda() {
  const board = useBoardPeriod();
  const agenda = useAgenda(board.period);
  const pending = usePendingOrders();
  const users = useUsers({ select: technicians });
  const [form, setForm] = useState<{ order: BoardOrder; tecnicoId?: string } | null>(null);

  const orders = agenda.data ?? [];
  const technicianOptions: TechnicianOption[] = useMemo(
    () => (users.data ?? []).map((u) => ({ id: u.id, nome: u.nome_completo || u.username })),
    [users.data],
  );
  // Rows: the technicians, and anyone else holding an order of the period.
  const rows: TechnicianOption[] = useMemo(() => {
    const list = [...technicianOptions];
    for (const o of orders) {
      if (o.engenheiroId && !list.some((t) => t.id === o.engenheiroId))
        list.push({ id: o.engenheiroId, nome: o.engenheiroNome || o.engenheiro });
    }
    return list;
  }, [technicianOptions, orders]);
  const { dnd, dragging } = useBoardDrag(rows);
  const open = (order: BoardOrder) => setForm({ order });

  return (
    <section className="mx-auto max-w-[100rem]">
      <PageTitle title={AGENDA_MSG.title} count={agenda.data ? orders.length : undefined}>
        <span aria-live="polite">{board.label}</span>
      </PageTitle>
      <PeriodToolbar board={board} />
      <WaitingNotices orders={orders} />

      <DndContext {...dnd}>
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
              <AgendaBoard rows={rows} orders={orders} board={board} onOpen={open} />
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
