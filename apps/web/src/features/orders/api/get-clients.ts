import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The fields of a client the order form needs (GET /api/clientes answers more). */
export interface ClientOption {
  id: number;
  razao: string;
  cidade: string;
}

export const clientOptionsKey = ['orders', 'client-options'] as const;

export function fetchClientOptions() {
  return api.get<ClientOption[]>('/api/clientes');
}

export function useClientOptions(enabled = true) {
  return useQuery({ queryKey: clientOptionsKey, queryFn: fetchClientOptions, enabled, staleTime: 60_000 });
}
