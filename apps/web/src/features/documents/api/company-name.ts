import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/empresas, read only for the repository's subtitle (the company, not a person). */
export const companyNameKey = ['empresas', 'first-name'] as const;

export async function fetchCompanyName(): Promise<string | null> {
  const answer = await api.get<unknown>('/api/empresas');
  const list = Array.isArray(answer) ? answer : ((answer as { empresas?: unknown })?.empresas ?? []);
  const first = (list as { nome?: unknown }[])[0];
  return typeof first?.nome === 'string' && first.nome.trim() ? first.nome.trim() : null;
}

export function useCompanyName() {
  return useQuery({ queryKey: companyNameKey, queryFn: fetchCompanyName, retry: false, staleTime: 5 * 60_000 });
}
