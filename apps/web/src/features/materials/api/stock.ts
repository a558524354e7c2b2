import type { MovementInput, StockCountInput, StockMovement, StockPlace, StockPlaceBalances } from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiGetPage } from '../../../lib/api';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';

const keys = queryKeys.stock;
export const MOVEMENTS_PAGE_SIZE = 20;

/** GET /api/estoques: the places with their balances (a technician: their vehicle only). */
export function useStockPlaces() {
  return useQuery({
    queryKey: keys.places,
    queryFn: ({ signal }) => api.get<StockPlaceBalances[]>('/api/estoques', { signal }),
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
  return useQuery({
    queryKey: keys.movements(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        limit: String(MOVEMENTS_PAGE_SIZE),
        offset: String((filters.page - 1) * MOVEMENTS_PAGE_SIZE),
      });
      if (filters.localId) params.set('localId', String(filters.localId));
      if (filters.materialId) params.set('materialId', String(filters.materialId));
      if (filters.dataInicio) params.set('dataInicio', filters.dataInicio);
      if (filters.dataFim) params.set('dataFim', filters.dataFim);
      return apiGetPage<StockMovement>(`/api/estoques/movimentos?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /api/estoques/movimentos: an entrada, a transferência or an ajuste. */
export const usePostMovement = () =>
  useResourceWrite([keys.all], (input: MovementInput) => api.post<StockMovement>('/api/estoques/movimentos', input));

/** POST /api/estoques/{localId}/conferencia: the counted quantities. */
export const useCountPlace = () =>
  useResourceWrite([keys.all], ({ placeId, input }: { placeId: number; input: StockCountInput }) =>
    api.post<StockPlaceBalances>(`/api/estoques/${placeId}/conferencia`, input),
  );

/** POST /api/estoques {nome}: another place (admin). */
export const useCreatePlace = () =>
  useResourceWrite([keys.all], (nome: string) => api.post<StockPlace>('/api/estoques', { nome }));
