import {
  type DueMaintenance,
  EQUIPMENT_PAGE_SIZE,
  type Equipment,
  type EquipmentHistoryEntry,
  type EquipmentInput,
  type MaintenanceGenerated,
} from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';
import { usePagedList } from '../../../lib/paged-list';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';
import { useDeleteRow, useSaveRow } from '../../../lib/registers';

const keys = queryKeys.equipment;

export interface EquipmentQuery {
  search: string;
  /** A client's id, or 0 for every client. */
  cliente: number;
  page: number;
}

/** GET /api/equipamentos: one page of the search (docs/screens.md#equipamentos) and its total. */
export const useEquipmentPage = (query: EquipmentQuery) =>
  usePagedList<Equipment>(
    keys.page(query),
    '/api/equipamentos',
    pageParams(query.page, EQUIPMENT_PAGE_SIZE, { search: query.search.trim(), cliente: query.cliente }),
  );

/** GET /api/equipamentos/{id}. */
export function useEquipment(id: number) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => api.get<Equipment>(`/api/equipamentos/${id}`, { signal }),
  });
}

export const useSaveEquipment = () => useSaveRow<EquipmentInput, Equipment>(keys.all, '/api/equipamentos');
/** Refused with 409 while orders refer to it. */
export const useDeleteEquipment = () => useDeleteRow(keys.all, '/api/equipamentos');

/** GET /api/equipamentos/{id}/historico: its orders, newest first, with descriptions and photos. */
export function useEquipmentHistory(id: number) {
  return useQuery({
    queryKey: queryKeys.orders.ofEquipment(id),
    queryFn: ({ signal }) => api.get<EquipmentHistoryEntry[]>(`/api/equipamentos/${id}/historico`, { signal }),
  });
}

/** GET /api/manutencoes/previstas?ate=: the preventive visits due by that day, overdue first (docs/screens.md#manutencoes). */
export function useDueMaintenance(ate: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keys.due(ate),
    queryFn: ({ signal }) => api.get<DueMaintenance[]>(`/api/manutencoes/previstas?ate=${encodeURIComponent(ate)}`, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** POST /api/manutencoes/gerar: one preventive order per equipment; reloads the orders and the due list. */
/** POST /api/manutencoes/gerar: the orders of the equipment chosen, each with its technician (docs/rules.md#equipment). */
export function useGenerateMaintenance() {
  return useResourceWrite(
    [keys.all, queryKeys.orders.all],
    (input: { equipamentoIds: number[]; tecnicos: Record<string, number | null> }) =>
      api.post<MaintenanceGenerated>('/api/manutencoes/gerar', input),
  );
}

/** The label PDF of one equipment, or of several on A4 sheets (docs/api.md#equipment). */
export const labelUrl = (id: number) => `/api/equipamentos/${id}/etiqueta`;
export const labelsUrl = (ids: number[]) => `/api/equipamentos/etiquetas?ids=${ids.join(',')}`;
