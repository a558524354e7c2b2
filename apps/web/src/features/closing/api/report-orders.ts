import { useQuery } from '@tanstack/react-query';
import { fetchOrderPage } from './fetch-order-page';

export interface ReportFilters {
  dataInicio: string;
  dataFim: string;
  cliente: string;
  status: string;
  engenheiro: string;
}

export const reportOrdersPrefix = ['closing', 'report'] as const;
export const reportOrdersKey = (filters: ReportFilters | null) => [...reportOrdersPrefix, filters] as const;

/** GET /api/os/filtrado (spec §7), run when the admin presses 'Buscar Dados'. */
export function useReportOrders(filters: ReportFilters | null) {
  return useQuery({
    queryKey: reportOrdersKey(filters),
    queryFn: () => fetchOrderPage('/api/os/filtrado', { ...filters, limit: 1000 }),
    enabled: filters !== null,
  });
}
