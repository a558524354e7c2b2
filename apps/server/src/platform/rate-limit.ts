import { MSG } from '@os/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';
import { AppError } from './errors';

/**
 * Every rate limit and lockout is counted in the database (docs/architecture.md#growing-past-one-machine),
 * so several server processes over one database limit as one: a counter is a row of login_throttle
 * (key, window start, count), and a call takes its place in one statement.
 */
export type Counter = { key: string; windowMs: number; limit: number };

/** Takes one place in a fixed-window counter; answers the places taken so far and the window's start. */
export async function take(
  db: Db,
  { key, windowMs }: { key: string; windowMs: number; limit?: number },
  now: Date,
): Promise<{ count: number; windowStart: Date }> {
  const expired = sql`${loginThrottle.windowStart} <= ${new Date(now.getTime() - windowMs)}`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginThrottle.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${loginThrottle.windowStart} end`,
        nextCheckAt: sql`case when ${expired} then null else ${loginThrottle.nextCheckAt} end`,
      },
    })
    .returning({ count: loginThrottle.count, windowStart: loginThrottle.windowStart });
  return row!;
}

export type Limit = { max: number; windowMs: number };

/** Seconds until the window that began at `windowStart` ends (at least 1). */
export function secondsLeft(windowStart: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
}

/** A 429 whose Retry-After is known: the error handler sends it (platform/errors.ts). */
export class RateLimited extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = MSG.tooManyAttempts,
  ) {
    super(429, message);
  }
}

/** Retry-After of a 429 whose sender did not say how long (docs/api.md#conventions: every 429 carries one). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Every 429 the server sends carries Retry-After (docs/api.md#conventions): the error's own when it
 * knows it (RateLimited, the sign-in throttle), else DEFAULT_RETRY_AFTER_SECONDS. One hook on every
 * reply, so a limit added later cannot forget it.
 */
export function registerRetryAfter(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
  });
}

/**
 * A hook that allows `max` calls per window for the key the request gives (`keyOf`), counted in the
 * database; over the limit it answers 429 'Muitas tentativas…' with Retry-After.
 */
export function limitBy(db: Db, { max, windowMs }: Limit, keyOf: (request: FastifyRequest) => string): onRequestHookHandler {
  return async (request) => {
    const now = new Date();
    const { count, windowStart } = await take(db, { key: keyOf(request), windowMs }, now);
    if (count > max) throw new RateLimited(secondsLeft(windowStart, windowMs, now));
  };
}

/**
 * OCR and receipt-reading routes: each call costs CPU (local OCR) or money (the AI service). Every
 * /api/mistral/ route, so ones added later are limited too, and the PDF text extractor, which reads
 * scanned pages by OCR.
 */
export function isOcrRoute(url: string | undefined): boolean {
  return url !== undefined && (url.startsWith('/api/mistral/') || url === '/api/extract-text');
}
export const OCR_LIMIT: Limit = { max: 30, windowMs: 60_000 };

/**
 * At most `max` OCR calls per window per signed-in user (or per address without a session), counted
 * across the OCR routes and across processes. Over the limit: 429.
 */
export function registerRateLimit(app: FastifyInstance, db: Db, limit = OCR_LIMIT) {
  const check = limitBy(db, limit, (request) => (request.user ? `ocr:u${request.user.id}` : `ocr:ip${request.ip}`));
  app.addHook('onRequest', async function (request, reply) {
    if (!isOcrRoute(request.routeOptions.url)) return;
    await check.call(this, request, reply, () => {});
  });
}
