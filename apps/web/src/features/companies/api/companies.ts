import type { Company, CompanyInput } from '@os/shared';
import { queryKeys } from '../../../lib/query-keys';
import { useDeleteRow, useSaveRow } from '../../../lib/registers';

export const useSaveCompany = () => useSaveRow<CompanyInput, Company>(queryKeys.companies.all, '/api/empresas');
export const useDeleteCompany = () => useDeleteRow(queryKeys.companies.all, '/api/empresas');
