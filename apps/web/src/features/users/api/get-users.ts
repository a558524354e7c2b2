import type { UserSummary } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const usersKey = ['users'] as const;

/** GET /api/users */
export function getUsers(signal?: AbortSignal) {
  return api.get<UserSummary[]>('/api/users', { signal });
}

export function useUsers() {
  return useQuery({ queryKey: usersKey, queryFn: ({ signal }) => getUsers(signal) });
}
