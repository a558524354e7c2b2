import { type Dispatch, type SetStateAction, useEffect } from 'react';
import { EmptyState } from './empty-state';
import { clampPage, pageCountOf } from './page-list';
import { Pagination } from './pagination';
import { LoadingBlock } from './spinner';
import { type Column, Table } from './table';

interface PagedList<Row> {
  isPending: boolean;
  data?: { items: Row[]; total: number };
}

/** A shrinking list (after a delete) keeps the page in range (docs/rules.md#states). */
export function usePageInRange(data: { total: number } | undefined, pageSize: number, setPage: Dispatch<SetStateAction<number>>) {
  useEffect(() => {
    if (data) setPage((p) => clampPage(p, pageCountOf(data.total, pageSize)));
  }, [data, pageSize, setPage]);
}

/**
 * One page of a server-paged search (clients, equipment): loading, then the table, then the pages; a list
 * that shrinks under the page (after a delete) moves the page back into range.
 */
export function PagedTable<Row extends { id: number }>({
  list,
  columns,
  caption,
  loading,
  empty,
  page,
  pageSize,
  setPage,
}: {
  list: PagedList<Row>;
  columns: Column<Row>[];
  caption: string;
  /** The loading text. */
  loading: string;
  /** What an empty page says. */
  empty: string;
  page: number;
  pageSize: number;
  setPage: Dispatch<SetStateAction<number>>;
}) {
  usePageInRange(list.data, pageSize, setPage);
  return (
    <>
      {list.isPending ? (
        <LoadingBlock text={loading} />
      ) : (
        <Table
          columns={columns}
          rows={list.data?.items ?? []}
          rowKey={(row) => row.id}
          caption={caption}
          empty={<EmptyState title={empty} className="py-4" />}
        />
      )}
      <Pagination page={page} totalItems={list.data?.total ?? 0} pageSize={pageSize} onPageChange={setPage} className="mt-4" />
    </>
  );
}
