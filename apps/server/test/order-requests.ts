import type { Order } from '@os/shared';
import { expect } from 'vitest';
import { admin, ctx } from './file-app';

/** POST /api/os with that Cookie header, on the app of test/file-app.ts (import that too). */
export function postOrder(cookie: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/os', headers: { cookie }, payload });
}

/** An order created through the API by the admin (201 expected), as the API answers it. */
export async function createOrderAsAdmin(payload: Record<string, unknown>): Promise<Order> {
  const res = await postOrder(admin, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
