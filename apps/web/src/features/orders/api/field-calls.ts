/**
 * The orders' calls the technician's job list makes (app/routes/service-orders-route.tsx). They import
 * only lib/api, so they sit in the 'field' chunk (vite.config.ts): the job list importing the rest of the
 * orders feature made the two chunks import each other, and the list failed to load.
 */
import type { Order } from '@os/shared';
import { api } from '../../../lib/api';

/** GET /api/os/{id}: one order. */
export function fetchOrder(id: number) {
  return api.get<Order>(`/api/os/${id}`);
}

/** POST /api/os/{id}/a-caminho: the technician tells the client's contacts over WhatsApp (docs/api.md#whatsapp). */
export function notifyOnTheWay(id: number) {
  return api.post<{ message: string; mensagens: number; repetido: boolean }>(`/api/os/${id}/a-caminho`);
}
