import { DB_INT_MAX, EDGE_MSG, fieldPath, findInvalidText, labelled, MSG } from '@os/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The one guard at the edge for every text the API takes (docs/rules.md#edge-input): JSON bodies,
 * query strings, path parameters, and the fields and file names of multipart forms. It runs before
 * any route's validation, so a route added later cannot forget it:
 * - a NUL character or an unpaired surrogate answers 400 naming the field
 *   ('Razão Social: Texto com caracteres inválidos.'); PostgreSQL refuses both and nothing of it is
 *   logged or stored;
 * - a path parameter that is a number beyond the database's integer range answers 404 (no such
 *   record can exist), never a database error.
 */
export function registerEdgeGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const params = request.params as Record<string, unknown> | undefined;
    if (params) {
      for (const [name, value] of Object.entries(params)) {
        if (typeof value === 'string' && isNumberBeyondRange(value)) throw new AppError(404, MSG.notFound);
        refuseInvalidText(value, [name]);
      }
    }
    refuseInvalidText(request.query, []);
    refuseInvalidText(request.body, []);
  });

  // Multipart forms are read by the routes as they stream in: every part passes through here first.
  app.addHook('onRequest', async (request) => {
    if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) guardMultipart(request);
  });
}

/** 400 on the first text inside `value` holding NUL or an unpaired surrogate. */
export function refuseInvalidText(value: unknown, path: PropertyKey[]) {
  const found = findInvalidText(value, path);
  if (found) throw new AppError(400, labelled(found, EDGE_MSG.invalidChars), fieldPath(found) || undefined);
}

/** Digits (or a number written with an exponent) naming an integer beyond what the database holds. */
export function isNumberBeyondRange(value: string): boolean {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(value.trim())) return false;
  const n = Number(value);
  return !Number.isFinite(n) || Math.abs(n) > DB_INT_MAX;
}

type Part = { type?: string; fieldname?: string; filename?: string; value?: unknown } | null | undefined;

let handlerSymbol: symbol | undefined;

/**
 * Wraps the request's multipart reader (@fastify/multipart keeps it under one symbol that
 * request.parts(), request.file() and request.files() all call) so that each part's field name,
 * value and file name are checked as they arrive.
 */
function guardMultipart(request: FastifyRequest) {
  handlerSymbol ??= findHandlerSymbol(request);
  const symbol = handlerSymbol;
  if (!symbol) return;
  const target = request as unknown as Record<symbol, (opts?: unknown) => () => Promise<Part>>;
  const original = target[symbol];
  if (typeof original !== 'function') return;
  target[symbol] = function guardedHandler(this: unknown, opts?: unknown) {
    const next = original.call(this, opts);
    return async () => {
      const part = await next();
      if (part) checkPart(part);
      return part;
    };
  };
}

function checkPart(part: NonNullable<Part>) {
  const name = part.fieldname ?? '';
  refuseInvalidText(name, ['Nome do campo']);
  if (part.type === 'file') refuseInvalidText(part.filename ?? '', [name || 'arquivo']);
  else refuseInvalidText(part.value, [name]);
}

function findHandlerSymbol(request: FastifyRequest): symbol | undefined {
  for (let proto = Object.getPrototypeOf(request); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const found = Object.getOwnPropertySymbols(proto).find((s) => s.description === 'multipartHandler');
    if (found) return found;
  }
  return undefined;
}
