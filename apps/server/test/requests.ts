import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions, Response } from 'light-my-request';
import { expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { admin, ctx, expectRefused, headersAs, type Who } from './file-app';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a request with that Cookie header ('' sends no session) and any other headers (a multipart form's,
 * a raw body's content-type); an object payload goes as JSON.
 */
export function send(cookie: string, method: Method, url: string, payload?: InjectOptions['payload'], headers = {}) {
  return ctx.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, payload });
}

/** Expects the answer to have that status and exactly that error message. */
export function expectError(res: Response, status: number, error: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toBe(error);
}

/** Expects a 400 whose body is exactly that message and field. */
export function expectBadRequest(res: Response, error: string, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ error, field });
}

/** Expects a 400 that names the field, with a message containing that text. */
export function expectFieldError(res: Response, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().field).toBe(field);
  expect(res.json().error).toContain(message);
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
