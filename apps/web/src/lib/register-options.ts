import type { Role } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * Query-key prefixes of the register lists that other screens keep for their dropdowns and filters
 * (the order form, the report and closing filters). Every such query lives under one of these, and
 * saving or deleting a client or a user invalidates the prefix, so no list stays stale and no feature
 * imports another.
 */
export const registerOptionsKeys = {
  clients: ['register-options', 'clients'] as const,
  users: ['register-options', 'users'] as const,
};

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
    queryKey: [...registerOptionsKeys.clients, 'filter'],
    queryFn: () => api.get<ClientOption[]>('/api/clientes'),
    select: (clients) => [...clients].sort((a, b) => a.razao.localeCompare(b.razao, 'pt-BR')),
    staleTime: 60_000,
  });
}

/** GET /api/users, the real technicians (DECISIONS.md §2), for an Engenheiro filter. */
export function useTechnicianOptions() {
  return useQuery({
    queryKey: [...registerOptionsKeys.users, 'technicians'],
    queryFn: () => api.get<TechnicianOption[]>('/api/users'),
    select: (users) =>
      users
        .filter((u) => u.role === 'tec')
        .sort((a, b) => (a.nome_completo || a.username).localeCompare(b.nome_completo || b.username, 'pt-BR')),
    staleTime: 60_000,
  });
}
