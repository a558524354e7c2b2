import type { Access, SessionUser } from '@os/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { Db } from '../db/client';
import { currentUser } from './access';
import { idempotencyKey } from './idempotency';
import { readUpload, type UploadRules } from './multipart';

/** The `:id` of a register's row. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The `:osId` of the order whose records a route lists. */
export const osParams = z.object({ osId: z.coerce.number().int().positive() });

type App = Parameters<FastifyPluginAsyncZod>[0];

interface RegisterWrites<C extends ZodType, U extends ZodType> {
  create: (db: Db, user: SessionUser, input: z.infer<C>) => Promise<unknown>;
  update: (db: Db, user: SessionUser, id: number, input: z.infer<U>, request: FastifyRequest) => Promise<unknown>;
  remove: (db: Db, user: SessionUser, id: number) => Promise<void>;
}

/**
 * A register's writes at `path` (e.g. '/api/empresas'; rows at `${path}/:id`), which only admins make
 * (docs/rules.md#permissions): POST answers 201 with the row, PUT /:id the row as saved, DELETE /:id
 * `{ success: true }` (docs/rules.md#api-conventions). `body` validates both writes, or each its own.
 */
export function registerWrites<C extends ZodType, U extends ZodType = C>(
  app: App,
  db: Db,
  path: string,
  body: C | { create: C; update: U },
  writes: RegisterWrites<C, U>,
  params: ZodType<{ id: number }, unknown> = idParams,
) {
  const [createBody, updateBody] = 'create' in body ? [body.create, body.update] : [body, body];
  const admin = { access: 'admin' as const };
  app.post(path, { config: admin, schema: { body: createBody } }, async (request, reply) =>
    reply.status(201).send(await writes.create(db, currentUser(request), request.body as z.infer<C>)),
  );
  app.put(`${path}/:id`, { config: admin, schema: { params, body: updateBody } }, async (request) =>
    writes.update(db, currentUser(request), request.params.id, request.body as z.infer<U>, request),
  );
  app.delete(`${path}/:id`, { config: admin, schema: { params } }, async (request) => {
    await writes.remove(db, currentUser(request), request.params.id);
    return { success: true };
  });
}

/** One page of a list: its rows, or the JSON text the database built, and the whole list's count. */
type Page = { items: unknown; total: number } | { json: string; total: number };

/**
 * GET `path`: one page of a list, its query validated by `querystring`, the whole list's count in
 * X-Total-Count (docs/rules.md#api-conventions); a page built as JSON text goes out as it is.
 */
export function registerPage<Q extends ZodType>(
  app: App,
  path: string,
  access: Access,
  querystring: Q,
  page: (request: FastifyRequest, query: z.infer<Q>) => Promise<Page>,
  /** The path's parameters, when it has some (`/api/estoques/:localId/saldos`). */
  params?: ZodType,
) {
  app.get(path, { config: { access }, schema: { querystring, ...(params ? { params } : {}) } }, async (request, reply) => {
    const result = await page(request, request.query as z.infer<Q>);
    reply.header('X-Total-Count', String(result.total));
    if ('json' in result) return reply.type('application/json; charset=utf-8').send(result.json);
    return result.items;
  });
}

/**
 * A register whose whole list everyone with `read` access gets at GET `path`, and whose writes only admins
 * make (registerWrites).
 */
export function registerRegister<C extends ZodType>(
  app: App,
  db: Db,
  path: string,
  read: Access,
  body: C,
  register: RegisterWrites<C, C> & { list: (db: Db) => Promise<unknown> },
) {
  app.get(path, { config: { access: read } }, async () => register.list(db));
  registerWrites(app, db, path, body, register);
}

/**
 * An order's records of one kind (docs/api.md#records): GET /api/{kind}/:osId lists them, PUT
 * /api/{kind}/atualizatabela/:id edits one; any signed-in user, the service checks the order.
 */
export function registerRecordEdits<U extends ZodType>(
  app: App,
  db: Db,
  kind: string,
  updateBody: U,
  list: (db: Db, user: SessionUser, orderId: number) => Promise<unknown>,
  update: (db: Db, user: SessionUser, id: number, input: z.infer<U>) => Promise<unknown>,
) {
  const signedIn = { access: 'signedIn' as const };
  app.get(`/api/${kind}/:osId`, { config: signedIn, schema: { params: osParams } }, (request) =>
    list(db, currentUser(request), request.params.osId),
  );
  app.put(`/api/${kind}/atualizatabela/:id`, { config: signedIn, schema: { params: idParams, body: updateBody } }, (request) =>
    update(db, currentUser(request), request.params.id, request.body as z.infer<U>),
  );
}

/**
 * An order's records of one kind sent as a form with a photo (docs/api.md#records): POST /api/{kind}/ reads the
 * form and creates one (201, once per Idempotency-Key), then the list and the edit of registerRecordEdits.
 */
export function registerUploadedRecords<S extends ZodType, U extends ZodType>(
  app: App,
  db: Db,
  kind: string,
  record: {
    form: UploadRules<S>;
    create: (user: SessionUser, fields: z.output<S>, photo: Buffer | undefined, key: string | undefined) => Promise<unknown>;
    updateBody: U;
    list: (db: Db, user: SessionUser, orderId: number) => Promise<unknown>;
    update: (db: Db, user: SessionUser, id: number, input: z.infer<U>) => Promise<unknown>;
  },
) {
  app.post(`/api/${kind}/`, { config: { access: 'signedIn' } }, async (request, reply) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const { fields, file } = await readUpload(request, record.form);
    return reply.status(201).send(await record.create(user, fields, file?.data, key));
  });
  registerRecordEdits(app, db, kind, record.updateBody, record.list, record.update);
}
