import type { Servico, ServicoInput } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const servicosKey = (osId: number) => ['servicos', osId] as const;

export const fetchServicos = (osId: number) => api.get<Servico[]>(`/api/servicos/${osId}`);
export const createServico = (input: ServicoInput, key: string) =>
  api.post<Servico>('/api/servicos/', input, { headers: { 'Idempotency-Key': key } });
export const updateServico = (id: number, input: Omit<ServicoInput, 'numeroos'>) =>
  api.put<Servico>(`/api/servicos/atualizatabela/${id}`, input);

export function useServicos(osId: number) {
  return useQuery({ queryKey: servicosKey(osId), queryFn: () => fetchServicos(osId) });
}

export function useCreateServico() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: ServicoInput; key: string }) => createServico(input, key),
    onSuccess: (entry) => void queryClient.invalidateQueries({ queryKey: servicosKey(entry.numeroos) }),
  });
}

/** PUT .../atualizatabela/{id}: the row editor saves on blur or Enter. */
export function useUpdateServico(osId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: Omit<ServicoInput, 'numeroos'> }) => updateServico(id, input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: servicosKey(osId) }),
  });
}
