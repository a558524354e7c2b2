import type { ClosingFigures, ClosingSummary } from '@os/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';

/** GET /api/fechamentos. */
export function useClosings() {
  return useQuery({ queryKey: queryKeys.closings.all, queryFn: () => api.get<ClosingSummary[]>('/api/fechamentos') });
}

/** POST /api/fechamentos/preview: the arithmetic, nothing stored. */
export function usePreviewClosing() {
  return useMutation({ mutationFn: (osIds: number[]) => api.post<ClosingFigures>('/api/fechamentos/preview', { osIds }) });
}

/** A closing or a reopening changes the closings and the status of their orders on every order screen. */
const useClosingWrite = <Input>(mutationFn: (input: Input) => Promise<ClosingSummary>) =>
  useResourceWrite([queryKeys.closings.all, queryKeys.orders.all], mutationFn);

/** POST /api/fechamentos: closes the orders and makes the closing PDF. */
export function useCreateClosing() {
  return useClosingWrite((osIds: number[]) => api.post<ClosingSummary>('/api/fechamentos', { osIds }));
}

/** POST /api/fechamentos/{numero}/reabrir {motivo}. */
export function useReopenClosing() {
  return useClosingWrite(({ numero, motivo }: { numero: number; motivo: string }) =>
    api.post<ClosingSummary>(`/api/fechamentos/${numero}/reabrir`, { motivo }),
  );
}
