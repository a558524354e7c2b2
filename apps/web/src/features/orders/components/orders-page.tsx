import { ORDER_MSG, type Order } from '@os/shared';
import { Pencil, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { Input, Select } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth';
import { formatDate, padNumber } from '../../../lib/format';
import { useOrders } from '../api/get-orders';
import { OrderFormModal } from './order-form-modal';
import { useDeleteOrderFlow } from './use-delete-order-flow';

/** Rows per page of /os (the spec gives none; the server pages, DECISIONS in docs/decisions.md). */
export const ORDERS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** Spec §2.6 filter: 'Todos os Status', Aberto, 'Em andamento' (value Andamento), Concluído. */
const STATUS_FILTER = [
  ['', ORDER_MSG.allStatuses],
  ['Aberto', 'Aberto'],
  ['Andamento', 'Em andamento'],
  ['Concluído', 'Concluído'],
] as const;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** /os 'Gestão de Ordens de Serviço' (spec §2.6); what each role may do follows DECISIONS.md §4. */
export function OrdersPage() {
  const { isAdmin, isTec } = useAuth();
  const mayWrite = !isTec;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ order: Order | null } | null>(null);
  const { deleteOrder } = useDeleteOrderFlow();
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);

  // A new search or status starts again at page 1 (adjusted during render, no extra effect).
  const filterKey = `${q}|${status}`;
  const [pageFilterKey, setPageFilterKey] = useState(filterKey);
  if (pageFilterKey !== filterKey) {
    setPageFilterKey(filterKey);
    setPage(1);
  }

  const orders = useOrders({ q, status, limit: ORDERS_PAGE_SIZE, offset: (page - 1) * ORDERS_PAGE_SIZE });
  useEffect(() => {
    if (orders.error) toast.error(orders.error.message);
  }, [orders.error]);

  const columns: Column<Order>[] = [
    { key: 'numero', header: 'Número', align: 'right', cell: (o) => <span className="font-medium">{padNumber(o.numero)}</span> },
    {
      key: 'cliente',
      header: 'Cliente',
      cell: (o) => (
        <div className="min-w-40">
          <div className="font-medium text-slate-900 dark:text-white">{o.cliente}</div>
          {o.responsavel && <div className="text-xs text-slate-500 dark:text-slate-400">{o.responsavel}</div>}
        </div>
      ),
    },
    { key: 'cidade', header: 'Cidade', cell: (o) => o.cidade },
    { key: 'data', header: 'Data', align: 'right', cell: (o) => formatDate(o.data) },
    { key: 'tecnico', header: 'Técnico', hideBelow: 'sm', cell: (o) => o.engenheiroNome || o.engenheiro || '—' },
    { key: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
  ];
  if (mayWrite) {
    columns.push({
      key: 'acoes',
      header: 'Ações',
      align: 'center',
      cell: (o) => {
        const frozen = o.status === 'Fechado' && !isAdmin;
        return (
          <div className="flex justify-center gap-1">
            {isAdmin && (
              <IconButton
                label={`Excluir OS ${padNumber(o.numero)}`}
                variant="danger"
                icon={<Trash2 />}
                onClick={() => void deleteOrder(o)}
              />
            )}
            <IconButton
              label={frozen ? ORDER_MSG.closedAdminOnly : `Editar OS ${padNumber(o.numero)}`}
              variant="primary"
              icon={<Pencil />}
              disabled={frozen}
              onClick={() => setEditing({ order: o })}
            />
          </div>
        );
      },
    });
  }

  return (
    <section>
      <PageTitle
        title={ORDER_MSG.pageTitle}
        documentTitle="Ordem de Serviços"
        count={orders.data ? `(${orders.data.total})` : undefined}
        actions={mayWrite && <Button onClick={() => setEditing({ order: null })}>{ORDER_MSG.newButton}</Button>}
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label={ORDER_MSG.searchPlaceholder}
            placeholder={ORDER_MSG.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-8"
          />
        </div>
        <Select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)} className="sm:w-52">
          {STATUS_FILTER.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {orders.isPending ? (
        <LoadingBlock />
      ) : (
        <Table
          caption={ORDER_MSG.pageTitle}
          columns={columns}
          rows={orders.data?.items ?? []}
          rowKey={(o) => o.id}
          empty={ORDER_MSG.listEmpty}
          className={orders.isPlaceholderData ? 'opacity-70' : undefined}
        />
      )}
      <Pagination
        className="mt-3"
        page={page}
        totalItems={orders.data?.total ?? 0}
        pageSize={ORDERS_PAGE_SIZE}
        onPageChange={setPage}
      />
      {editing && <OrderFormModal open order={editing.order} onClose={() => setEditing(null)} />}
    </section>
  );
}
