import { MATERIAL_PAGE_SIZE, type Material, type MaterialInput } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGetPage } from '../../../lib/api';
import { pageParams } from '../../../lib/page-params';
import { usePagedList } from '../../../lib/paged-list';
import { queryKeys } from '../../../lib/query-keys';
import { useDeleteRow, useSaveRow } from '../../../lib/registers';

const keys = queryKeys.materials;

/** GET /api/materiais: one page of the register's search (docs/screens.md#materiais) and its total. */
export const useMaterialsPage = (query: { search: string; page: number }) =>
  usePagedList<Material>(
    keys.page(query),
    '/api/materiais',
    pageParams(query.page, MATERIAL_PAGE_SIZE, { search: query.search.trim() }),
  );

/**
 * The active register at once, searched on the device: the phone picks a material without signal
 * (the read is kept for offline use, lib/offline/reads.ts).
 */
export function useMaterialCatalogue(enabled = true) {
  return useQuery({
    queryKey: keys.catalogue,
    queryFn: async ({ signal }) => (await apiGetPage<Material>('/api/materiais?ativo=true&limit=1000', { signal })).items,
    staleTime: 5 * 60_000,
    enabled,
  });
}

export const useSaveMaterial = () => useSaveRow<MaterialInput, Material>(keys.all, '/api/materiais');
/** Refused with 409 once a movement or an order line names it. */
export const useDeleteMaterial = () => useDeleteRow(keys.all, '/api/materiais');
