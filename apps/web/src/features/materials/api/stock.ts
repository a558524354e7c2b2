import {
  MATERIAL_PAGE_SIZE,
  type MovementInput,
  type StockBalance,
  type StockCountInput,
  type StockMovement,
  type StockPlace,
  type StockPlaceInput,
  type StockPlaceSummary,
} from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiGetPage } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';
import { usePagedList } from '../../../lib/paged-list';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';

const keys = queryKeys.stock;
export const MOVEMENTS_PAGE_SIZE = 20;

/** GET /api/estoques: the places, each with its number of negative balances (a technician: their vehicle only). */
export function useStockPlaces() {
  return useQuery({
    queryKey: keys.places,
    queryFn: ({ signal }) => api.get<StockPlaceSummary[]>('/api/estoques', { signal }),
  });
}

/** A balance as a table row (keyed by its material). */
export type BalanceRow = StockBalance & { id: number };

const balancePage = async (path: string, signal: AbortSignal) => {
  const { items, total } = await apiGetPage<StockBalance>(path, { signal });
  return { items: items.map((b): BalanceRow => ({ ...b, id: b.materialId })), total };
};

export interface BalanceFilters {
  search: string;
  negativos: boolean;
  page: number;
}

/** GET /api/estoques/{localId}/saldos: one page of a place's balances, searched (docs/screens.md#estoque). */
export function usePlaceBalances(placeId: number, filters: BalanceFilters) {
  return useQuery({
    queryKey: keys.balances(placeId, filters),
    queryFn: ({ signal }) => {
      const params = pageParams(filters.page, MATERIAL_PAGE_SIZE, {
        search: filters.search.trim(),
        negativos: filters.negativos,
      });
      return balancePage(`/api/estoques/${placeId}/saldos?${params}`, signal);
    },
    enabled: placeId > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every balance of the technician's vehicle at once (a van holds few materials; the count lists them all), kept on
 * the phone for reading without signal (docs/rules.md#offline-sync).
 */
export function useVehicleBalances(placeId: number | undefined) {
  return useQuery({
    queryKey: keys.balances(placeId ?? 0, { all: true }),
    queryFn: async ({ signal }) => (await balancePage(`/api/estoques/${placeId}/saldos?limit=1000`, signal)).items,
    enabled: !!placeId,
  });
}

export interface MovementFilters {
  localId: number;
  materialId: number;
  dataInicio: string;
  dataFim: string;
  page: number;
}

/** GET /api/estoques/movimentos: one page of the ledger, newest first (docs/screens.md#estoque). */
export function useMovements(filters: MovementFilters) {
  const { page, ...chosen } = filters;
  return usePagedList<StockMovement>(
    keys.movements(filters),
    '/api/estoques/movimentos',
    pageParams(page, MOVEMENTS_PAGE_SIZE, chosen),
  );
}

/** POST /api/estoques/movimentos: an entrada, a transferência or an ajuste. */
export const usePostMovement = () =>
  useResourceWrite([keys.all], (input: MovementInput) => api.post<StockMovement>('/api/estoques/movimentos', input));

/** POST /api/estoques/{localId}/conferencia: the counted quantities. */
export const useCountPlace = () =>
  useResourceWrite([keys.all], ({ placeId, input }: { placeId: number; input: StockCountInput }) =>
    api.post<StockPlaceSummary>(`/api/estoques/${placeId}/conferencia`, input),
  );

/** POST /api/estoques {nome}: another place (admin); 409 for a name taken. */
export const useCreatePlace = () =>
  useResourceWrite([keys.all], ({ input }: { input: StockPlaceInput }) => api.post<StockPlace>('/api/estoques', input));
