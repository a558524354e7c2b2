import type { ParameterInput, SystemParameter } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parametersKey } from './get-parameters';

/** PUT /api/configuracoes/{id} with id, tipo, inicio, fim, valor (spec §7). */
export function updateParameter(input: ParameterInput & { id: number }) {
  return api.put<SystemParameter>(`/api/configuracoes/${input.id}`, input);
}

export function useUpdateParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParameter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parametersKey }),
  });
}
