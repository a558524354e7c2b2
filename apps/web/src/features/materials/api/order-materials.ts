import type { OrderMaterial, OrderMaterialInput } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useOfflineWrite } from '../../../lib/offline/write';
import { queryKeys, useResourceWrite } from '../../../lib/query-keys';

/**
 * An order's materials (docs/api.md#materials-and-stock): a record of the order, so a new line goes through the
 * offline write (docs/rules.md#offline-sync) and a change reloads the stock too.
 */
export const useOrderMaterials = (osId: number) =>
  useQuery({
    queryKey: queryKeys.orderMaterials(osId),
    queryFn: ({ signal }) => api.get<OrderMaterial[]>(`/api/os/${osId}/materiais`, { signal }),
  });

export type NewOrderMaterial = OrderMaterialInput & { osId: number };

/** POST /api/os/{id}/materiais with its Idempotency-Key; without signal the line waits on the phone. */
export const useCreateOrderMaterial = () =>
  useOfflineWrite<NewOrderMaterial, OrderMaterial>(
    (i) => `/api/os/${i.osId}/materiais`,
    () => [queryKeys.stock.all],
    ({ osId: _osId, ...line }) => line,
  );

/** PUT /api/os/{id}/materiais/{itemId}: another quantity or observation, the difference moved in stock (online only). */
export const useUpdateOrderMaterial = (osId: number) =>
  useResourceWrite([queryKeys.stock.all], ({ id, input }: { id: number; input: OrderMaterialInput }) =>
    api.put<OrderMaterial>(`/api/os/${osId}/materiais/${id}`, input),
  );

/** DELETE /api/os/{id}/materiais/{itemId}: the quantity goes back to its vehicle (online only). */
export const useDeleteOrderMaterial = (osId: number) =>
  useResourceWrite([queryKeys.stock.all], (id: number) => api.delete<{ success: boolean }>(`/api/os/${osId}/materiais/${id}`));
