import { businessToday, FIELD_MSG, groupByAgenda, type Lancamento, type Order, padNumber } from '@os/shared';
import { ArrowLeft } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { OfflineBar } from '../../../components/offline/offline-bar';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import type { LazyComponent } from '../../../lib/lazy-component';
import { useLancamentos } from '../api/records';
import type { CardModalProps } from './card-modal';
import { type CardAction, OrderCard } from './order-card';

/**
 * An order that leaves the list because it reached Concluído says so ('OS 00042 concluída.'), so a
 * signed order does not vanish without a word (docs/rules.md#daily-use).
 */
function useConcludedNotice(list: Lancamento[] | undefined, fetchOrder: FetchOrder) {
  const seen = useRef<Map<number, number> | null>(null);
  useEffect(() => {
    if (!list) return;
    const before = seen.current;
    seen.current = new Map(list.map((o) => [o.id, o.numero]));
    if (!before) return;
    for (const [id, numero] of before) {
      if (seen.current.has(id)) continue;
      fetchOrder(id)
        .then((order) => {
          if (order.status === 'Concluído') toast.success(FIELD_MSG.orderConcluded(padNumber(numero)));
        })
        .catch(() => undefined);
    }
  }, [list, fetchOrder]);
}

/** GET /api/os/{id}: the orders feature's read, given by app/routes/service-orders-route.tsx. */
export type FetchOrder = (id: number) => Promise<Order>;

/** POST /api/os/{id}/a-caminho: the orders feature's call, given by the route (docs/rules.md#whatsapp). */
export type NotifyOnTheWay = (id: number) => Promise<{ message: string; repetido: boolean }>;

/**
 * The cards' modals (card-modal.tsx, with the other features' slots) are code the route loads on demand:
 * asked for once the cards are painted, they never hold up the first card (docs/rules.md#performance-budgets)
 * and are there when a button is tapped.
 */
function usePreloadAfterPaint(ready: boolean, preload: () => Promise<unknown>) {
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame with the cards first, then the modals' code.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void preload().catch(() => undefined), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, preload]);
}

/**
 * /service-orders 'Ordens de Serviço' (docs/screens.md#service-orders): the engineer's open orders, mobile
 * first. `fetchOrder` tells whether an order that left the list reached Concluído.
 */
export function ServiceOrdersPage({
  fetchOrder,
  onTheWay,
  modal: Modal,
}: {
  fetchOrder: FetchOrder;
  onTheWay?: NotifyOnTheWay;
  modal: LazyComponent<CardModalProps>;
}) {
  const lancamentos = useLancamentos();
  usePreloadAfterPaint(lancamentos.data !== undefined, Modal.preload);
  const [open, setOpen] = useState<{ action: CardAction; order: Lancamento } | null>(null);
  const close = () => setOpen(null);
  // The fresh copy of the order (its status changes as records are saved); the snapshot once it left the list.
  const current = open ? (lancamentos.data?.find((o) => o.id === open.order.id) ?? open.order) : null;
  const orders = lancamentos.data ?? [];
  useConcludedNotice(lancamentos.data, fetchOrder);
  // 'Hoje', 'Amanhã', 'Próximos', 'Sem agendamento', each by start (docs/screens.md#service-orders).
  const today = businessToday();
  const groupId = useId();
  const groups = groupByAgenda(orders, today);

  return (
    <section className="mx-auto max-w-5xl">
      <Link
        to="/"
        className="mb-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-blue-700 hover:underline dark:text-blue-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Voltar
      </Link>
      <PageTitle title="Ordens de Serviço" documentTitle="Lançamentos" count={lancamentos.data ? orders.length : undefined} />
      <OfflineBar />
      {lancamentos.isPending ? (
        <LoadingBlock />
      ) : lancamentos.isError ? (
        <ErrorAlert>{lancamentos.error.message || FIELD_MSG.loadFailed}</ErrorAlert>
      ) : orders.length === 0 ? (
        <EmptyState title={FIELD_MSG.noOpenOrders} />
      ) : (
        <div className="space-y-5">
          {groups.map(({ group, items }, index) => (
            <section key={group} aria-labelledby={`${groupId}-${index}`}>
              <h2
                id={`${groupId}-${index}`}
                className="mb-2 text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-200"
              >
                {group} <span className="font-normal text-slate-500 dark:text-slate-400">({items.length})</span>
              </h2>
              <div className="grid gap-3 lg:grid-cols-2">
                {items.map((order) => (
                  <OrderCard
                    key={order.id}
                    order={order}
                    today={today}
                    onAction={(action) => setOpen({ action, order })}
                    onTheWay={onTheWay}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}

      {open && current && (
        <Suspense fallback={null}>
          <Modal action={open.action} order={current} onClose={close} />
        </Suspense>
      )}
    </section>
  );
}
