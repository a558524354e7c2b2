import { useState } from 'react';
import { Pagination } from '../../../components/ui/pagination';
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
  const [page, setPage] = useState(1);
  const list = useList(page, PAGE_SIZE);
  useErrorToast(list.error);
  return {
    loading: list.isLoading,
    items: list.data?.items ?? [],
    pagination: (
      <Pagination className="mt-4" page={page} totalItems={list.data?.total ?? 0} pageSize={PAGE_SIZE} onPageChange={setPage} />
    ),
  };
}
