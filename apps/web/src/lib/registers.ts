import { CLIENT_PAGE_SIZE, type Client, type Company, type Equipment, type ExpenseType, type UserSummary } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api, apiGetPage } from './api';
import { pageParams } from './page-params';
import { queryKeys, useResourceWrite } from './query-keys';

/**
 * The register lists that several screens read (their own screen, the order form, the report and closing
 * filters, the e-mail and expense forms): each endpoint wrapped once here, under its resource's query key,
 * so saving a client or a user refreshes every dropdown that shows it.
 */
interface ListOptions<Row, Selected> {
  select?: (rows: Row[]) => Selected;
  enabled?: boolean;
  staleTime?: number;
  retry?: boolean;
}

export interface ClientsQuery {
  search: string;
  /** 1-based page of CLIENT_PAGE_SIZE rows. */
  page: number;
}

/** GET /api/clientes: every client, or with a query one page of a search (docs/screens.md#clientes) and its total. */
export function fetchClients(query?: ClientsQuery, signal?: AbortSignal) {
  const search = query ? pageParams(query.page, CLIENT_PAGE_SIZE, { search: query.search.trim() }).toString() : '';
  return apiGetPage<Client>(search ? `/api/clientes?${search}` : '/api/clientes', { signal });
}

/** Every client, for a dropdown. */
export function useAllClients<Selected = Client[]>(options: ListOptions<Client, Selected> = {}) {
  return useQuery({
    queryKey: queryKeys.clients.every,
    queryFn: async ({ signal }) => (await fetchClients(undefined, signal)).items,
    staleTime: 60_000,
    ...options,
  });
}

/** Clients sorted by razão, for a Cliente filter. */
export const byRazao = (clients: Client[]) => [...clients].sort((a, b) => a.razao.localeCompare(b.razao, 'pt-BR'));

/** GET /api/users (staff only, never a password). */
export function useUsers<Selected = UserSummary[]>(options: ListOptions<UserSummary, Selected> = {}) {
  return useQuery({
    queryKey: queryKeys.users.all,
    queryFn: ({ signal }) => api.get<UserSummary[]>('/api/users', { signal }),
    ...options,
  });
}

/** The real technicians (role tec), sorted by name, for an Engenheiro filter. */
export const technicians = (users: UserSummary[]) =>
  users
    .filter((u) => u.role === 'tec')
    .sort((a, b) => (a.nome_completo || a.username).localeCompare(b.nome_completo || b.username, 'pt-BR'));

/** GET /api/tipodespesa (also kept on the device for the offline expense form). */
export function useExpenseTypes<Selected = ExpenseType[]>(options: ListOptions<ExpenseType, Selected> = {}) {
  return useQuery({
    queryKey: queryKeys.expenseTypes.all,
    queryFn: ({ signal }) => api.get<ExpenseType[]>('/api/tipodespesa', { signal }),
    ...options,
  });
}

/** GET /api/empresas. */
export function useCompanies<Selected = Company[]>(options: ListOptions<Company, Selected> = {}) {
  return useQuery({
    queryKey: queryKeys.companies.all,
    queryFn: ({ signal }) => api.get<Company[]>('/api/empresas', { signal }),
    ...options,
  });
}

/** POST {path} (no id) or PUT {path}/{id} of a register row; every query of the resource reloads after. */
export function useSaveRow<Input, Row>(resource: readonly unknown[], path: string) {
  return useResourceWrite([resource], ({ id, input }: { id?: number; input: Input }) =>
    id ? api.put<Row>(`${path}/${id}`, input) : api.post<Row>(path, input),
  );
}

/** DELETE {path}/{id}; the server answers 409 with the reason while the row is in use. */
export function useDeleteRow(resource: readonly unknown[], path: string) {
  return useResourceWrite([resource], (id: number) => api.delete<{ success: boolean }>(`${path}/${id}`));
}

/** A client's active equipment, for the order modal's 'Equipamento do cliente' (docs/rules.md#equipment). */
export function useClientEquipment(clientId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.equipment.ofClient(clientId ?? 0),
    queryFn: ({ signal }) => api.get<Equipment[]>(`/api/equipamentos?cliente=${clientId}&ativo=true&limit=1000`, { signal }),
    enabled: Boolean(clientId),
    staleTime: 30_000,
  });
}
