import type { Assinatura } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { lancamentosKey } from './lancamentos';

export const assinaturaKey = (osId: number) => ['assinatura', osId] as const;

export interface SaveAssinaturaInput {
  ordemServicoId: number;
  /** PNG data URL */
  assinatura: string;
  nome?: string;
}

export const fetchAssinatura = (osId: number) => api.get<Assinatura>(`/api/assinatura/${osId}`);
export const saveAssinatura = (input: SaveAssinaturaInput, key: string) =>
  api.post<Assinatura & { success: boolean }>('/api/assinatura/salvar', input, { headers: { 'Idempotency-Key': key } });

export function useAssinatura(osId: number) {
  return useQuery({ queryKey: assinaturaKey(osId), queryFn: () => fetchAssinatura(osId) });
}

/** A signature on an order with its return trip completes it (DECISIONS.md §5): the cards reload too. */
export function useSaveAssinatura() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: SaveAssinaturaInput; key: string }) => saveAssinatura(input, key),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: assinaturaKey(saved.ordemServicoId) });
      void queryClient.invalidateQueries({ queryKey: lancamentosKey });
    },
  });
}
