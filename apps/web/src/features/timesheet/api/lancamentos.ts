import type { Lancamento } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const lancamentosKey = ['lancamentos'] as const;

export const fetchLancamentos = () => api.get<Lancamento[]>('/api/lancamentos');

/** The signed-in engineer's open orders (admins: every open order). */
export function useLancamentos() {
  return useQuery({ queryKey: lancamentosKey, queryFn: fetchLancamentos });
}
