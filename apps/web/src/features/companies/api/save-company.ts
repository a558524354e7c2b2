import type { Company, CompanyInput } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companiesKey } from './get-companies';

/** POST /api/empresas (no id) or PUT /api/empresas/{id}; the list reloads after a save. */
export function saveCompany({ id, input }: { id?: number; input: CompanyInput }) {
  return id ? api.put<Company>(`/api/empresas/${id}`, input) : api.post<Company>('/api/empresas', input);
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}
