import type { PixCharge, PixChargeTotals, PixSettings, PixSettingsInput } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';

export function usePixSettings() {
  return useQuery({
    queryKey: [...queryKeys.pix.all, 'settings'],
    queryFn: ({ signal }) => api.get<PixSettings>('/api/configuracoes/pix', { signal }),
  });
}

export function useSavePixSettings() {
  return useResourceWrite([queryKeys.pix.all], (input: PixSettingsInput) =>
    api.put<PixSettings>('/api/configuracoes/pix', input),
  );
}

/** GET /api/fechamentos/{numero}/cobranca: made the first time it is asked for (409 without a key). */
export function useCharge(numero: number) {
  return useQuery({
    queryKey: [...queryKeys.pix.all, 'charge', numero],
    queryFn: ({ signal }) => api.get<PixCharge>(`/api/fechamentos/${numero}/cobranca`, { signal }),
    retry: false,
  });
}

export function useMarkChargePaid(numero: number) {
  return useResourceWrite([queryKeys.pix.all], (data: string) =>
    api.post<PixCharge>(`/api/fechamentos/${numero}/cobranca/paga`, { data }),
  );
}

/** PUT /api/fechamentos/{numero}/cobranca/vencimento: a new due day for the open charge. */
export function useSetChargeDue(numero: number) {
  return useResourceWrite([queryKeys.pix.all], (vencimento: string) =>
    api.put<PixCharge>(`/api/fechamentos/${numero}/cobranca/vencimento`, { vencimento }),
  );
}

export function useCancelCharge(numero: number) {
  return useResourceWrite([queryKeys.pix.all], (motivo: string) =>
    api.post<PixCharge>(`/api/fechamentos/${numero}/cobranca/cancelar`, { motivo }),
  );
}

export function useChargeTotals() {
  return useQuery({
    queryKey: [...queryKeys.pix.all, 'totals'],
    queryFn: ({ signal }) => api.get<PixChargeTotals>('/api/cobrancas/resumo', { signal }),
  });
}

/** 'Consultar pagamento': asks the bank whether a dynamic charge was paid. */
export function useRefreshCharge(numero: number) {
  return useResourceWrite([queryKeys.pix.all], () => api.post<PixCharge>(`/api/fechamentos/${numero}/cobranca/consultar`, {}));
}

/** 'Enviar por WhatsApp': the open charge to the client's consenting contacts, once per charge (docs/rules.md#whatsapp). */
export function useSendChargeWhatsapp(numero: number) {
  return useResourceWrite([queryKeys.pix.all], () =>
    api.post<{ enviadas: number; message: string }>(`/api/fechamentos/${numero}/cobranca/whatsapp`, {}),
  );
}
