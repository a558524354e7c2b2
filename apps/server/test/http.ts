import type { InjectOptions, Response } from 'light-my-request';
import { expect } from 'vitest';
import type { TestContext } from './helper';

/** Requests and expectations for any test app (test/requests.ts has them bound to the app of test/file-app.ts). */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a request to the app with that Cookie header ('' sends no session) and any other headers (a multipart
 * form's, a raw body's content-type); an object payload goes as JSON.
 */
export function request(
  app: TestContext['app'],
  cookie: string,
  method: Method,
  url: string,
  payload?: InjectOptions['payload'],
  headers = {},
) {
  return app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, payload });
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
