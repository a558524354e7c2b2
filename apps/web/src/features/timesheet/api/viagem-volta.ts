import type { ViagemVolta, ViagemVoltaInput } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { lancamentosKey } from './lancamentos';

export const viagemVoltaKey = (osId: number) => ['viagemvolta', osId] as const;

export const fetchViagensVolta = (osId: number) => api.get<ViagemVolta[]>(`/api/viagemvolta/${osId}`);
export const createViagemVolta = (input: ViagemVoltaInput, key: string) =>
  api.post<ViagemVolta>('/api/viagemvolta/', input, { headers: { 'Idempotency-Key': key } });

export function useViagensVolta(osId: number) {
  return useQuery({ queryKey: viagemVoltaKey(osId), queryFn: () => fetchViagensVolta(osId) });
}

/** A return trip on a signed order completes it (DECISIONS.md §5): the cards reload too. */
export function useCreateViagemVolta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: ViagemVoltaInput; key: string }) => createViagemVolta(input, key),
    onSuccess: (trip) => {
      void queryClient.invalidateQueries({ queryKey: viagemVoltaKey(trip.numeroos) });
      void queryClient.invalidateQueries({ queryKey: lancamentosKey });
    },
  });
}
