import type { OrderRecordCounts } from '@os/shared';
import { api } from '../../../lib/api';

/** GET /api/os/{id}/registros: what a delete takes with it (asked right before deleting, never cached). */
export function fetchOrderRecords(id: number) {
  return api.get<OrderRecordCounts>(`/api/os/${id}/registros`);
}
