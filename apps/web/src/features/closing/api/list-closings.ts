import type { ClosingSummary } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const closingsKey = ['closing', 'closings'] as const;

/** GET /api/fechamentos. */
export function useClosings() {
  return useQuery({ queryKey: closingsKey, queryFn: () => api.get<ClosingSummary[]>('/api/fechamentos') });
}
