import type { Client, ClientInput } from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { type ClientsQuery, fetchClients, useDeleteRow, useSaveRow } from '../../../lib/registers';

const keys = queryKeys.clients;

/** The server searches and pages (docs/screens.md#clientes). */
export function useClients(query: ClientsQuery) {
  return useQuery({
    queryKey: keys.page(query),
    queryFn: ({ signal }) => fetchClients(query, signal),
    placeholderData: keepPreviousData,
  });
}

export const useSaveClient = () => useSaveRow<ClientInput, Client>(keys.all, '/api/clientes');
/** Refused with 409 while orders use the client. */
export const useDeleteClient = () => useDeleteRow(keys.all, '/api/clientes');
