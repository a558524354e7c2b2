import type { Descricao } from '@os/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const descricoesKey = (osId: number) => ['descricao', osId] as const;

export const fetchDescricoes = (osId: number) => api.get<Descricao[]>(`/api/descricao/${osId}`);
/** Multipart (spec §7): data, descricao, osnumber, optional nomeFoto and imagem. */
export const createDescricao = (form: FormData, key: string) =>
  api.post<Descricao>('/api/descricao/', form, { headers: { 'Idempotency-Key': key } });
export const updateDescricao = (id: number, input: { data: string; descricao: string }) =>
  api.put<Descricao>(`/api/descricao/atualizatabela/${id}`, input);

export function useDescricoes(osId: number) {
  return useQuery({ queryKey: descricoesKey(osId), queryFn: () => fetchDescricoes(osId) });
}

export function useCreateDescricao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, key }: { form: FormData; key: string }) => createDescricao(form, key),
    onSuccess: (descricao) => void queryClient.invalidateQueries({ queryKey: descricoesKey(descricao.osnumber) }),
  });
}

export function useUpdateDescricao(osId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: { data: string; descricao: string } }) => updateDescricao(id, input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: descricoesKey(osId) }),
  });
}
