import type { Role } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registerOptionsKeys } from '../../../lib/register-options';

/** What GET /api/users answers (DECISIONS.md §4: staff only, never a password). */
export interface UserOption {
  id: number;
  nome_completo: string;
  username: string;
  role: Role;
}

// Under the shared prefix, so saving a user refreshes the order form's technicians too.
export const userOptionsKey = [...registerOptionsKeys.users, 'order-form'] as const;

export function fetchUserOptions() {
  return api.get<UserOption[]>('/api/users');
}

/** Every user; the form offers the technicians (plus the current user, its default). */
export function useUserOptions(enabled = true) {
  return useQuery({ queryKey: userOptionsKey, queryFn: fetchUserOptions, enabled, staleTime: 60_000 });
}
