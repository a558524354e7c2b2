import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registerOptionsKeys } from '../../../lib/register-options';

/** The fields of a client the order form needs (GET /api/clientes answers more). */
export interface ClientOption {
  id: number;
  razao: string;
  cidade: string;
}

// Under the shared prefix, so saving a client refreshes the order form's dropdown too.
export const clientOptionsKey = [...registerOptionsKeys.clients, 'order-form'] as const;

export function fetchClientOptions() {
  return api.get<ClientOption[]>('/api/clientes');
}

export function useClientOptions(enabled = true) {
  return useQuery({ queryKey: clientOptionsKey, queryFn: fetchClientOptions, enabled, staleTime: 60_000 });
}
