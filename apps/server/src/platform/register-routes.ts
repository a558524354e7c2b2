import type { SessionUser } from '@os/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { currentUser } from './access';

/** The `:id` of a register's row. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });

type App = Parameters<FastifyPluginAsyncZod>[0];

interface RegisterWrites<C extends ZodType, U extends ZodType> {
  /** The collection's address, e.g. '/api/empresas'; rows live at `${path}/:id`. */
  path: string;
  createBody: C;
  updateBody: U;
  create: (user: SessionUser, input: z.infer<C>) => Promise<unknown>;
  update: (user: SessionUser, id: number, input: z.infer<U>, request: FastifyRequest) => Promise<unknown>;
  remove: (user: SessionUser, id: number) => Promise<void>;
}

/**
 * A register's writes, which only admins make (docs/rules.md#permissions): POST answers 201 with the row,
 * PUT /:id the row as saved, DELETE /:id `{ success: true }` (docs/rules.md#api-conventions).
 */
export function registerWrites<C extends ZodType, U extends ZodType>(app: App, writes: RegisterWrites<C, U>) {
  const admin = { access: 'admin' as const };
  app.post(writes.path, { config: admin, schema: { body: writes.createBody } }, async (request, reply) =>
    reply.status(201).send(await writes.create(currentUser(request), request.body as z.infer<C>)),
  );
  app.put(`${writes.path}/:id`, { config: admin, schema: { params: idParams, body: writes.updateBody } }, async (request) =>
    writes.update(currentUser(request), request.params.id, request.body as z.infer<U>, request),
  );
  app.delete(`${writes.path}/:id`, { config: admin, schema: { params: idParams } }, async (request) => {
    await writes.remove(currentUser(request), request.params.id);
    return { success: true };
  });
}
