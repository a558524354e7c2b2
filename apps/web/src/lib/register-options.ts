import type { Role } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Options of the register dropdowns that several screens filter by (report, closing). */
export interface ClientOption {
  id: number;
  razao: string;
}

export interface TechnicianOption {
  id: number;
  nome_completo: string;
  username: string;
  role: Role;
}

/** GET /api/clientes, sorted by razão, for a Cliente filter. */
export function useClientOptions() {
  return useQuery({
    queryKey: ['register-options', 'clients'],
    queryFn: () => api.get<ClientOption[]>('/api/clientes'),
    select: (clients) => [...clients].sort((a, b) => a.razao.localeCompare(b.razao, 'pt-BR')),
    staleTime: 60_000,
  });
}

/** GET /api/users, the real technicians (DECISIONS.md §2), for an Engenheiro filter. */
export function useTechnicianOptions() {
  return useQuery({
    queryKey: ['register-options', 'technicians'],
    queryFn: () => api.get<TechnicianOption[]>('/api/users'),
    select: (users) =>
      users
        .filter((u) => u.role === 'tec')
        .sort((a, b) => (a.nome_completo || a.username).localeCompare(b.nome_completo || b.username, 'pt-BR')),
    staleTime: 60_000,
  });
}
