import type { RatingsSummary } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/dashboard/avaliacoes: the clients' ratings per technician and the latest comments. */
export function useRatingsSummary() {
  return useQuery({
    queryKey: ['dashboard', 'avaliacoes'],
    queryFn: ({ signal }) => api.get<RatingsSummary>('/api/dashboard/avaliacoes', { signal }),
  });
}
