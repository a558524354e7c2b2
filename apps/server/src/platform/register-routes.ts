import type { SessionUser } from '@os/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { Db } from '../db/client';
import { currentUser } from './access';

/** The `:id` of a register's row. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });

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
) {
  const [createBody, updateBody] = 'create' in body ? [body.create, body.update] : [body, body];
  const admin = { access: 'admin' as const };
  app.post(path, { config: admin, schema: { body: createBody } }, async (request, reply) =>
    reply.status(201).send(await writes.create(db, currentUser(request), request.body as z.infer<C>)),
  );
  app.put(`${path}/:id`, { config: admin, schema: { params: idParams, body: updateBody } }, async (request) =>
    writes.update(db, currentUser(request), request.params.id, request.body as z.infer<U>, request),
  );
  app.delete(`${path}/:id`, { config: admin, schema: { params: idParams } }, async (request) => {
    await writes.remove(db, currentUser(request), request.params.id);
    return { success: true };
  });
}
