import type { ViagemIda, ViagemIdaInput } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { lancamentosKey } from './lancamentos';

export const viagemIdaKey = (osId: number) => ['viagemida', osId] as const;

export const fetchViagensIda = (osId: number) => api.get<ViagemIda[]>(`/api/viagemida/${osId}`);
export const createViagemIda = (input: ViagemIdaInput, key: string) =>
  api.post<ViagemIda>('/api/viagemida/', input, { headers: { 'Idempotency-Key': key } });

export function useViagensIda(osId: number) {
  return useQuery({ queryKey: viagemIdaKey(osId), queryFn: () => fetchViagensIda(osId) });
}

/** Saving the outbound trip may move the order to Andamento: the cards reload too. */
export function useCreateViagemIda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: ViagemIdaInput; key: string }) => createViagemIda(input, key),
    onSuccess: (trip) => {
      void queryClient.invalidateQueries({ queryKey: viagemIdaKey(trip.numeroos) });
      void queryClient.invalidateQueries({ queryKey: lancamentosKey });
    },
  });
}
