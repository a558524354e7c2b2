import type { ReactNode } from 'react';
import { Pagination, usePage } from '../../../components/ui/pagination';
import { useErrorToast } from '../../../components/ui/toast';

const PAGE_SIZE = 10;

interface PortalList<Item> {
  data?: { items: Item[]; total: number };
  error: Error | null;
  isLoading: boolean;
}

/**
 * One page of a portal list (the orders, the requests), ten a page: `loading` until the first answer, the
 * page's `items` and the `pagination` under them; a failed load says so in a toast.
 */
export function usePortalPage<Item>(useList: (page: number, pageSize: number) => PortalList<Item>) {
  const { page, pagination } = usePage(PAGE_SIZE);
  const list = useList(page, PAGE_SIZE);
  useErrorToast(list.error);
  return {
    loading: list.isLoading,
    items: list.data?.items ?? [],
    pagination: <Pagination className="mt-4" totalItems={list.data?.total ?? 0} {...pagination} />,
  };
}

/** The muted line of a portal card (a date, a value, a count). */
export const PORTAL_MUTED = 'text-sm text-slate-600 dark:text-slate-400';
/** A portal card: one order, request, quote or charge. */
export const PORTAL_CARD = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/**
 * A portal list page (docs/screens.md#portal): its title, `empty` when there is nothing, one card per item
 * (`card`, a PortalCard) and the pages under them.
 */
export function PortalList<Item>({
  id,
  title,
  empty,
  items,
  pagination,
  card,
}: {
  id: string;
  title: ReactNode;
  empty: ReactNode;
  items: Item[];
  pagination: ReactNode;
  card: (item: Item) => ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h1 id={id} className="text-xl font-semibold text-slate-900 dark:text-white">
        {title}
      </h1>
      {items.length === 0 && <p className={`mt-2 ${PORTAL_MUTED}`}>{empty}</p>}
      <ul className="mt-3 flex flex-col gap-3">{items.map(card)}</ul>
      {pagination}
    </section>
  );
}

/** One card of a PortalList: its title line (the name and its badges), then what it says. */
export function PortalCard({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    <li className={PORTAL_CARD}>
      <div className="flex flex-wrap items-center gap-2">{head}</div>
      {children}
    </li>
  );
}
