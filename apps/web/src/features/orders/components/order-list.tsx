import { ORDER_MSG, type OrderStatus, STATUS_LABELS } from '@os/shared';
import { type ReactNode, useState } from 'react';
import { Options, Select } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { Pagination, usePage } from '../../../components/ui/pagination';
import { SearchInput } from '../../../components/ui/search-input';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useErrorToast } from '../../../components/ui/toast';
import { useDebounced } from '../../../lib/use-debounced';
import { useOrder, useOrders } from '../api/orders';
import { type OrderAction, OrderTable } from './order-table';
import { type OrderActions, useOrderActions } from './use-order-actions';

/** Rows per page of /os and /pdf (the old product gives none; the server pages). */
const ORDERS_PAGE_SIZE = 20;

export interface OrderListPageProps {
  title: string;
  documentTitle: string;
  /** The options of the status filter, after 'Todos os Status'. */
  statuses: readonly OrderStatus[];
  /** The row actions; none: no actions column. */
  show?: OrderAction[];
  /** Buttons next to the title, given the screen's actions (e.g. '+ Nova OS'). */
  titleActions?: (actions: OrderActions) => ReactNode;
  /** An order to open in 'Editar OS' as the screen opens: /os?abrir=ID, the link of the office's e-mails. */
  openOrderId?: number;
}

/**
 * A paged list of orders from GET /api/os with the search on client or number (debounced, on the server)
 * and the status filter: /os (docs/screens.md#os) and /pdf (docs/screens.md#pdf).
 */
export function OrderListPage({ title, documentTitle, statuses, show, titleActions, openOrderId }: OrderListPageProps) {
  const actions = useOrderActions();
  const linked = useOrder(openOrderId);
  useErrorToast(linked.error);
  // Opened once when it arrives (adjusted during render, no extra effect); closing it leaves the list.
  const [openedLink, setOpenedLink] = useState<number>();
  if (linked.data && openedLink !== linked.data.id) {
    setOpenedLink(linked.data.id);
    actions.edit(linked.data);
  }
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const { setPage, offset, pagination } = usePage(ORDERS_PAGE_SIZE);
  const q = useDebounced(search.trim());

  // A new search or status starts again at page 1 (adjusted during render, no extra effect).
  const filterKey = `${q}|${status}`;
  const [pageFilterKey, setPageFilterKey] = useState(filterKey);
  if (pageFilterKey !== filterKey) {
    setPageFilterKey(filterKey);
    setPage(1);
  }

  const orders = useOrders({ q, status, limit: ORDERS_PAGE_SIZE, offset });
  useErrorToast(orders.error);

  return (
    <section>
      <PageTitle
        title={title}
        documentTitle={documentTitle}
        count={orders.data ? `(${orders.data.total})` : undefined}
        actions={titleActions?.(actions)}
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row">
        <SearchInput className="flex-1" placeholder={ORDER_MSG.searchPlaceholder} value={search} onChange={setSearch} />
        <Select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)} className="sm:w-52">
          <option value="">{ORDER_MSG.allStatuses}</option>
          <Options values={statuses} label={(s) => STATUS_LABELS[s]} />
        </Select>
      </div>
      {orders.isPending ? (
        <LoadingBlock />
      ) : (
        <OrderTable
          layout="list"
          caption={title}
          rows={orders.data?.items ?? []}
          empty={ORDER_MSG.listEmpty}
          actions={show && { handlers: actions, show }}
          className={orders.isPlaceholderData ? 'opacity-70' : undefined}
        />
      )}
      <Pagination className="mt-3" totalItems={orders.data?.total ?? 0} {...pagination} />
      {actions.modals}
    </section>
  );
}
