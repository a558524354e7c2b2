import type { Company } from '@os/shared';
import { useCompanies } from '../../../lib/registers';

const firstName = (companies: Company[]) => companies[0]?.nome?.trim() || null;

/** GET /api/empresas, read only for the repository's subtitle (the company, not a person). */
export function useCompanyName() {
  return useCompanies({ select: firstName, retry: false, staleTime: 5 * 60_000 });
}
