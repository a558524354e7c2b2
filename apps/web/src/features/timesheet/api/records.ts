import type {
  Assinatura,
  Descricao,
  Lancamento,
  Servico,
  ServicoInput,
  ViagemIda,
  ViagemIdaInput,
  ViagemVolta,
  ViagemVoltaInput,
} from '@os/shared';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useOfflineWrite } from '../../../lib/offline/write';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The engineer's open orders and each order's field records (docs/api.md#timesheet, #records): one
 * read per kind, the new entries through the offline write helper (docs/rules.md#offline-sync), the
 * in-place row edits as plain PUTs.
 */
const useRead = <T>(queryKey: QueryKey, path: string) => useQuery({ queryKey, queryFn: () => api.get<T>(path) });

/** The signed-in engineer's open orders (admins: every open order). */
export const useLancamentos = () => useRead<Lancamento[]>(queryKeys.lancamentos.all, '/api/lancamentos');
export const useViagensIda = (osId: number) => useRead<ViagemIda[]>(queryKeys.viagemIda(osId), `/api/viagemida/${osId}`);
export const useServicos = (osId: number) => useRead<Servico[]>(queryKeys.servicos(osId), `/api/servicos/${osId}`);
export const useViagensVolta = (osId: number) => useRead<ViagemVolta[]>(queryKeys.viagemVolta(osId), `/api/viagemvolta/${osId}`);
export const useDescricoes = (osId: number) => useRead<Descricao[]>(queryKeys.descricoes(osId), `/api/descricao/${osId}`);
export const useAssinatura = (osId: number) => useRead<Assinatura>(queryKeys.assinatura(osId), `/api/assinatura/${osId}`);

const cards = queryKeys.lancamentos.all;

/** Saving the outbound trip may move the order to Andamento: the cards reload too. */
export const useCreateViagemIda = () =>
  useOfflineWrite<ViagemIdaInput, ViagemIda>('/api/viagemida/', (i) => [queryKeys.viagemIda(Number(i.numeroos)), cards]);

export const useCreateServico = () =>
  useOfflineWrite<ServicoInput, Servico>('/api/servicos/', (i) => [queryKeys.servicos(Number(i.numeroos))]);

/** A return trip on a signed order completes it (docs/rules.md#order-life-cycle): the cards reload too. */
export const useCreateViagemVolta = () =>
  useOfflineWrite<ViagemVoltaInput, ViagemVolta>('/api/viagemvolta/', (i) => [queryKeys.viagemVolta(Number(i.numeroos)), cards]);

/** Multipart: data, descricao, osnumber, optional nomeFoto and imagem. */
export const useCreateDescricao = () =>
  useOfflineWrite<FormData, Descricao>('/api/descricao/', (form) => [queryKeys.descricoes(Number(form.get('osnumber')))]);

export interface SaveAssinaturaInput {
  ordemServicoId: number;
  /** PNG data URL */
  assinatura: string;
  nome?: string;
}

/** A signature on an order with its return trip completes it (docs/rules.md#order-life-cycle): the cards reload too. */
export const useSaveAssinatura = () =>
  useOfflineWrite<SaveAssinaturaInput, Assinatura>('/api/assinatura/salvar', (i) => [
    queryKeys.assinatura(i.ordemServicoId),
    cards,
  ]);

/** PUT {path}{id}: a row edited in place saves on blur or Enter; the order's rows reload either way. */
function useRowUpdate<Input>(path: string, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: Input }) => api.put<unknown>(`${path}${id}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export const useUpdateServico = (osId: number) =>
  useRowUpdate<Omit<ServicoInput, 'numeroos'>>('/api/servicos/atualizatabela/', queryKeys.servicos(osId));
export const useUpdateDescricao = (osId: number) =>
  useRowUpdate<{ data: string; descricao: string }>('/api/descricao/atualizatabela/', queryKeys.descricoes(osId));
