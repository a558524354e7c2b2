import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGetPage } from './api';

/** One page of a server-paged list and its total, the page before shown while the next one loads. */
export function usePagedList<Row>(queryKey: readonly unknown[], path: string, query: URLSearchParams) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiGetPage<Row>(`${path}?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
