import type { OrderClientPhoto } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The address of one of the client's photos of an order (served with the session's cookie). */
export const clientPhotoUrl = (orderId: number, photoId: number) => `/api/os/${orderId}/fotos-cliente/${photoId}`;

/** GET /api/os/{id}/fotos-cliente: the photos of the request the order was made from (docs/rules.md#portal). */
export function useOrderClientPhotos(orderId: number) {
  return useQuery({
    queryKey: ['orders', orderId, 'fotos-cliente'] as const,
    queryFn: ({ signal }) => api.get<OrderClientPhoto[]>(`/api/os/${orderId}/fotos-cliente`, { signal }),
  });
}
