import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companiesKey } from './get-companies';

/** DELETE /api/empresas/{id}; the server answers 409 with the reason when the row is still in use. */
export function deleteCompany(id: number) {
  return api.delete<{ success: boolean }>(`/api/empresas/${id}`);
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}
