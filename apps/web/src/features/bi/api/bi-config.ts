import type { BiConfig } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/bi/config (public): the address of the embedded dashboard. */
export const biConfigKey = ['bi', 'config'] as const;

export const fetchBiConfig = () => api.get<BiConfig>('/api/bi/config');

export function useBiConfig() {
  return useQuery({ queryKey: biConfigKey, queryFn: fetchBiConfig, staleTime: Infinity });
}
