import { MSG, sentence } from '@os/shared';
import { and, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';

/** The one error type of the API: a Portuguese message for the user and an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = () => new AppError(401, MSG.unauthorized);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/**
 * The API's message for an invalid field of a JSON body or a form: the validation issue's own
 * sentence, which already names the field in its screen words and says what is expected (one
 * mapping for the forms and the API, packages/shared edge.ts, docs/rules.md#validation).
 */
export function fieldIssueMessage(detail: string): string {
  return detail ? sentence(detail) : MSG.invalidInput;
}

/** Maps every error to {"error": "..."} with its status; never leaks internals on a 5xx. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // A 429 that knows how long to wait says so (platform/rate-limit.ts gives any other one a default).
    const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number' && err.statusCode === 429) reply.header('retry-after', String(retryAfter));
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(err.field ? { error: err.message, field: err.field } : { error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The message is the issue's own: Portuguese, naming the field and what it expects, the same
      // sentence the form shows (packages/shared edge.ts, docs/rules.md#validation).
      const issue = err.validation[0];
      const field = issue ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
      const message = fieldIssueMessage(issue?.message ?? MSG.invalidInput);
      return reply.status(400).send(field ? { error: message, field } : { error: message });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ error: MSG.internalError });
    }
    const message =
      status === 413
        ? MSG.payloadTooLarge
        : status === 415
          ? MSG.unsupportedMedia
          : status === 429
            ? MSG.tooManyAttempts
            : MSG.invalidInput;
    return reply.status(status).send({ error: message });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ error: MSG.routeNotFound });
  });
}

/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs a register write; a unique violation that slipped past the service's own check (two saves at
 * once) answers the same 409 as the check, with `message` (or the message chosen for that error).
 */
export async function refuseDuplicates<T>(work: () => Promise<T>, message: string | ((err: unknown) => string)): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(typeof message === 'string' ? message : message(err));
    throw err;
  }
}

/** The first row a query finds, or 404 (with `message`) when it finds none. */
export async function firstOrNotFound<T>(rows: PromiseLike<T[]>, message?: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw notFound(message);
  return row;
}

/**
 * A register's own check of a unique field before it writes: 409 with `message` when a row of `table`
 * other than `exceptId` already matches `same` (refuseDuplicates covers two saves at once).
 */
export async function refuseTaken(
  db: Db,
  table: PgTable & { id: PgColumn },
  same: SQL | undefined,
  message: string,
  exceptId?: number,
): Promise<void> {
  const [taken] = await db
    .select({ id: table.id })
    .from(table)
    .where(exceptId ? and(same, ne(table.id, exceptId)) : same)
    .limit(1);
  if (taken) throw conflict(message);
}

/** A value a register keeps unique: the rows of `table` that `same` finds (other than `exceptId`) have it. */
export interface UniqueValue {
  table: PgTable & { id: PgColumn };
  same: SQL | undefined;
  /** The 409's message when another row has it. */
  message: string;
  exceptId?: number;
}

/** The UniqueValue of `table` that `same` finds, with its 409's message. */
export const uniqueValue = (
  table: UniqueValue['table'],
  same: SQL | undefined,
  message: string,
  exceptId?: number,
): UniqueValue => ({ table, same, message, exceptId });

/**
 * A register write that keeps a value unique: 409 with the value's message when another row has it (the
 * service's own check, refuseTaken), and the same 409 when two saves at once both pass it (refuseDuplicates).
 */
export async function writeUnique<T>(db: Db, unique: UniqueValue, work: () => Promise<T>): Promise<T> {
  await refuseTaken(db, unique.table, unique.same, unique.message, unique.exceptId);
  return refuseDuplicates(work, unique.message);
}
