import { type Client, CLIENT_PAGE_SIZE } from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGetPage } from '../../../lib/api';

export const clientsKey = ['clientes'] as const;

export interface ClientsQuery {
  search: string;
  /** 1-based page of CLIENT_PAGE_SIZE rows. */
  page: number;
}

/** GET /api/clientes?search=&limit=&offset=: the server searches and pages (spec §2.11). */
export function getClients({ search, page }: ClientsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(CLIENT_PAGE_SIZE), offset: String((page - 1) * CLIENT_PAGE_SIZE) });
  if (search.trim()) params.set('search', search.trim());
  return apiGetPage<Client>(`/api/clientes?${params}`, { signal });
}

export function useClients(query: ClientsQuery) {
  return useQuery({
    queryKey: [...clientsKey, query],
    queryFn: ({ signal }) => getClients(query, signal),
    placeholderData: keepPreviousData,
  });
}
