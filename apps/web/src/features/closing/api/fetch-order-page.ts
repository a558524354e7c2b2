import { ApiError, api } from '../../../lib/api';
import type { OrderPage, OrderRow } from './order-row';

/** GET with the list total from X-Total-Count (the order lists page on the server). */
export async function fetchOrderPage(path: string, params: Record<string, string | number | undefined>): Promise<OrderPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const url = `${path}?${query}`;
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!response.ok) {
    // Let the shared client turn the failure into its Portuguese ApiError.
    await api.get(url);
    throw new ApiError('', response.status);
  }
  const body = (await response.json()) as OrderRow[] | { orders: OrderRow[] };
  const rows = Array.isArray(body) ? body : body.orders;
  return { rows, total: Number(response.headers.get('X-Total-Count') ?? rows.length) };
}
