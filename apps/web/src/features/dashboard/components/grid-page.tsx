import { GRID_PAGE_SIZE } from '@os/shared';
import { ClipboardList } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { Pagination, usePage } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Table } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatDate, padNumber } from '../../../lib/format';
import { useOpenOrders } from '../api/open-orders';

/** Orders open longer than this many days are highlighted. */
const LATE_AFTER_DAYS = 30;

/** /grid (docs/rules.md#fixed-defects): a compact grid of every open order, oldest first. */
export function GridPage() {
  const { page, pagination } = usePage(GRID_PAGE_SIZE);
  const orders = useOpenOrders(page);
  return (
    <section className="mx-auto max-w-6xl">
      <PageTitle
        title="Grid de OS abertas"
        documentTitle="Grid"
        count={orders.data ? `${orders.data.total} abertas` : undefined}
      />
      {orders.isPending ? (
        <LoadingBlock />
      ) : orders.error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {orders.error.message}
        </p>
      ) : (
        <Table
          caption="OS abertas"
          className="text-xs [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2"
          rows={orders.data.items}
          rowKey={(o) => o.id}
          empty={<EmptyState icon={<ClipboardList />} title="Nenhuma OS aberta." className="py-4" />}
          columns={[
            { key: 'numero', header: 'Número', cell: (o) => <span className="font-mono">{padNumber(o.numero)}</span> },
            { key: 'cliente', header: 'Cliente', cell: (o) => o.cliente },
            { key: 'cidade', header: 'Cidade', hideBelow: 'md', cell: (o) => o.cidade },
            { key: 'tecnico', header: 'Técnico', cell: (o) => o.tecnico || '—' },
            { key: 'data', header: 'Data', hideBelow: 'sm', cell: (o) => formatDate(o.data) },
            { key: 'status', header: 'Status', hideBelow: 'sm', cell: (o) => <StatusBadge status={o.status} /> },
            {
              key: 'dias',
              header: (
                <abbr title="Dias em aberto" className="no-underline">
                  Dias
                </abbr>
              ),
              align: 'right',
              cell: (o) => (
                <span className={cn(o.diasAberto > LATE_AFTER_DAYS && 'font-semibold text-red-700 dark:text-red-400')}>
                  {o.diasAberto}
                </span>
              ),
            },
          ]}
        />
      )}
      <Pagination className="mt-3" totalItems={orders.data?.total ?? 0} {...pagination} />
    </section>
  );
}
