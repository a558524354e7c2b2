import { FIELD_MSG, type Lancamento } from '@os/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OfflineBar } from '../../../components/offline/offline-bar';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useLancamentos } from '../api/lancamentos';
import { DescriptionModal } from './description-modal';
import { ExpenseEntryModal } from './expenses-slot';
import { type CardAction, OrderCard } from './order-card';
import { OrderViewModal } from './order-view-modal';
import { SignatureModal } from './signature-modal';
import { TimesheetModal } from './timesheet-modal';

/** /service-orders 'Ordens de Serviço' (spec §2.16): the engineer's open orders, mobile first. */
export function ServiceOrdersPage() {
  const lancamentos = useLancamentos();
  const [open, setOpen] = useState<{ action: CardAction; order: Lancamento } | null>(null);
  const close = () => setOpen(null);
  // The fresh copy of the order (its status changes as records are saved); the snapshot once it left the list.
  const current = open ? (lancamentos.data?.find((o) => o.id === open.order.id) ?? open.order) : null;
  const orders = lancamentos.data ?? [];

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
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {lancamentos.error.message || FIELD_MSG.loadFailed}
        </p>
      ) : orders.length === 0 ? (
        <EmptyState title={FIELD_MSG.noOpenOrders} />
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} onAction={(action) => setOpen({ action, order })} />
          ))}
        </div>
      )}

      {open && current && open.action === 'timesheet' && <TimesheetModal order={current} onClose={close} />}
      {open && current && open.action === 'descricao' && <DescriptionModal order={current} onClose={close} />}
      {open && current && open.action === 'despesas' && <ExpenseEntryModal order={current} onClose={close} />}
      {open && current && open.action === 'assinar' && <SignatureModal order={current} onClose={close} />}
      {open && open.action === 'visualizar' && <OrderViewModal order={current} onClose={close} />}
    </section>
  );
}
