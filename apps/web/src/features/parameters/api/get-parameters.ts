import type { SystemParameter } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const parametersKey = ['configuracoes'] as const;

/** GET /api/configuracoes */
export function getParameters(signal?: AbortSignal) {
  return api.get<SystemParameter[]>('/api/configuracoes', { signal });
}

export function useParameters() {
  return useQuery({ queryKey: parametersKey, queryFn: ({ signal }) => getParameters(signal) });
}
