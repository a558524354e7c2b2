import type { Role } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What GET /api/users answers (DECISIONS.md §4: staff only, never a password). */
export interface UserOption {
  id: number;
  nome_completo: string;
  username: string;
  role: Role;
}

export const userOptionsKey = ['orders', 'user-options'] as const;

export function fetchUserOptions() {
  return api.get<UserOption[]>('/api/users');
}

/** Every user; the form offers the technicians (plus the current user, its default). */
export function useUserOptions(enabled = true) {
  return useQuery({ queryKey: userOptionsKey, queryFn: fetchUserOptions, enabled, staleTime: 60_000 });
}
