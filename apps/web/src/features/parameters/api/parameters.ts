import type { ParameterInput, SystemParameter } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';

const resource = queryKeys.parameters.all;

/** GET /api/configuracoes */
export function useParameters() {
  return useQuery({ queryKey: resource, queryFn: ({ signal }) => api.get<SystemParameter[]>('/api/configuracoes', { signal }) });
}

/** PUT /api/configuracoes/{id} with id, tipo, inicio, fim, valor (docs/api.md#registers). */
export function useUpdateParameter() {
  return useResourceWrite([resource], (input: ParameterInput & { id: number }) =>
    api.put<SystemParameter>(`/api/configuracoes/${input.id}`, input),
  );
}
