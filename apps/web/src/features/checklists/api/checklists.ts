import type {
  ChecklistAnswer,
  ChecklistOrigin,
  ChecklistTemplate,
  ChecklistTemplateInput,
  EquipmentReadings,
  OrderChecklist,
} from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useOfflineWrite } from '../../../lib/offline/write';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';
import { useDeleteRow, useSaveRow } from '../../../lib/registers';

/** The checklist templates (docs/api.md#checklists): every role reads them, admins write them. */
export const useChecklistTemplates = () =>
  useQuery({ queryKey: queryKeys.checklists.templates, queryFn: () => api.get<ChecklistTemplate[]>('/api/checklists') });

export const useSaveChecklistTemplate = () =>
  useSaveRow<ChecklistTemplateInput, ChecklistTemplate>(queryKeys.checklists.all, '/api/checklists');
export const useDeleteChecklistTemplate = () => useDeleteRow(queryKeys.checklists.all, '/api/checklists');

/** An order's checklist, or null when it has none. */
export const useOrderChecklist = (osId: number) =>
  useQuery({
    queryKey: queryKeys.checklists.order(osId),
    queryFn: () => api.get<OrderChecklist | null>(`/api/os/${osId}/checklist`),
  });

/** The order and item whose 'Não conforme' opened this follow-up order, or null. */
export const useChecklistOrigin = (osId: number) =>
  useQuery({
    queryKey: [...queryKeys.checklists.order(osId), 'origem'],
    queryFn: () => api.get<ChecklistOrigin | null>(`/api/os/${osId}/checklist/origem`),
  });

/** POST /api/os/{id}/checklist: adds a template to an order without one. */
export const useAttachChecklist = (osId: number) =>
  useResourceWrite([queryKeys.checklists.order(osId)], (modeloId: number) =>
    api.post<OrderChecklist>(`/api/os/${osId}/checklist`, { modeloId }),
  );

/**
 * One answer, as every field entry: through the device's outbox with its key (docs/rules.md#offline-sync).
 * Multipart: osId, itemId, valor, observacao and the optional foto. The last required answer may conclude the order.
 */
export const useAnswerChecklistItem = () =>
  useOfflineWrite<FormData, ChecklistAnswer>('/api/checklist/respostas', (form) => [
    queryKeys.checklists.order(Number(form.get('osId'))),
    queryKeys.lancamentos.all,
    queryKeys.orders.all,
  ]);

/** An equipment's readings over its visits, one series per reading item. */
export const useEquipmentReadings = (equipmentId: number) =>
  useQuery({
    queryKey: queryKeys.checklists.readings(equipmentId),
    queryFn: () => api.get<EquipmentReadings[]>(`/api/equipamentos/${equipmentId}/leituras`),
  });
