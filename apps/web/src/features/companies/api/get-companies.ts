import type { Company } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const companiesKey = ['empresas'] as const;

/** GET /api/empresas */
export function getCompanies(signal?: AbortSignal) {
  return api.get<Company[]>('/api/empresas', { signal });
}

export function useCompanies() {
  return useQuery({ queryKey: companiesKey, queryFn: ({ signal }) => getCompanies(signal) });
}
