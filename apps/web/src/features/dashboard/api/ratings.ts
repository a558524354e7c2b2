import type { DashboardQuery, RatingsSummary } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/dashboard/avaliacoes: the clients' ratings per technician and the latest comments, in the dashboard's period. */
export function useRatingsSummary(period: DashboardQuery) {
  const query = new URLSearchParams(Object.entries(period).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return useQuery({
    queryKey: ['dashboard', 'avaliacoes', period],
    queryFn: ({ signal }) => api.get<RatingsSummary>(`/api/dashboard/avaliacoes?${query}`, { signal }),
  });
}
