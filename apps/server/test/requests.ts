import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'light-my-request';
import { expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { admin, ctx, expectRefused, headersAs, type Who } from './file-app';
import { expectFieldError, type Method, request } from './http';

export { expectBadRequest, expectError, expectFieldError } from './http';

/**
 * Requests and expectations the API test files share, on the app of test/file-app.ts (import that too).
 */

/** Asserts, one test per role, that GET url as that role answers that status. */
export function itAnswersGetAs(url: string, statuses: [Who, number][]) {
  it.each(statuses)(`GET ${url} as %s answers %i`, async (who, status) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: headersAs(who) });
    expect(res.statusCode).toBe(status);
  });
}

/**
 * Sends a request to the file's app with that Cookie header ('' sends no session); see request in test/http.ts.
 */
export function send(cookie: string, method: Method, url: string, payload?: InjectOptions['payload'], headers = {}) {
  return request(ctx.app, cookie, method, url, payload, headers);
}

/** How many rows the table holds. */
export async function rowCount(table: PgTable) {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row!.n;
}

/** Expects the admin's POST of that payload refused naming the field, and nothing stored in the table. */
export async function expectBadPost(url: string, payload: object, table: PgTable, field: string, message: string) {
  const before = await rowCount(table);
  expectFieldError(await send(admin, 'POST', url, payload), field, message);
  expect(await rowCount(table)).toBe(before);
}

/** The audit entries of one record, optionally of one action. */
export function auditEntries(entity: string, entityId: number, action?: 'create' | 'update' | 'delete') {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId), action ? eq(auditLog.action, action) : undefined));
}

/** Expects every request refused as that role (see expectRefused) and the table's row count unchanged. */
export async function expectRefusedUnchanged(who: Who, table: PgTable, requests: InjectOptions[]) {
  const before = await rowCount(table);
  await expectRefused(who, requests);
  expect(await rowCount(table)).toBe(before);
}
