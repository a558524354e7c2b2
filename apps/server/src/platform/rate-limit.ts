import { MSG } from '@os/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * OCR and receipt-reading routes: each call costs CPU (local OCR) or money (the AI service). Every
 * /api/mistral/ route, so ones added later are limited too, and the PDF text extractor, which reads
 * scanned pages by OCR.
 */
export function isOcrRoute(url: string | undefined): boolean {
  return url !== undefined && (url.startsWith('/api/mistral/') || url === '/api/extract-text');
}
export const OCR_LIMIT = { max: 30, windowMs: 60_000 };

/**
 * A small in-memory fixed-window limiter (no database, one process): at most `max` calls per
 * window per signed-in user (or per address without a session), counted across the OCR routes.
 * Over the limit: 429.
 */
export function registerRateLimit(app: FastifyInstance, { max, windowMs } = OCR_LIMIT) {
  const windows = new Map<string, { start: number; count: number }>();
  app.addHook('onRequest', async (request, reply) => {
    if (!isOcrRoute(request.routeOptions.url)) return;
    const now = Date.now();
    const who = request.user ? `u${request.user.id}` : `ip${request.ip}`;
    let window = windows.get(who);
    if (!window || now - window.start >= windowMs) {
      // Drop ended windows now and then so the map does not grow with every address seen.
      if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      window = { start: now, count: 0 };
      windows.set(who, window);
    }
    window.count++;
    if (window.count > max) {
      reply.header('retry-after', Math.ceil((window.start + windowMs - now) / 1000));
      throw new AppError(429, MSG.tooManyAttempts);
    }
  });
}
