import type { DashboardData, DashboardQuery } from '@os/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/dashboard?dataInicio&dataFim (docs/rules.md#api-conventions). */
export const dashboardKey = (period: DashboardQuery) => ['dashboard', period] as const;

export function fetchDashboard(period: DashboardQuery): Promise<DashboardData> {
  const params = new URLSearchParams();
  if (period.dataInicio) params.set('dataInicio', period.dataInicio);
  if (period.dataFim) params.set('dataFim', period.dataFim);
  const query = params.toString();
  return api.get<DashboardData>(`/api/dashboard${query ? `?${query}` : ''}`);
}

export function useDashboard(period: DashboardQuery) {
  return useQuery({ queryKey: dashboardKey(period), queryFn: () => fetchDashboard(period), placeholderData: keepPreviousData });
}
