import { parameterInputSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { listParameters, updateParameter } from './parameters.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** /configuracoes is an admin screen (docs/screens.md#routes); the closing reads the bands from the database. */
export const parametersRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  app.get('/api/configuracoes', { config: { access: 'admin' } }, async () => listParameters(db));

  app.put(
    '/api/configuracoes/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: parameterInputSchema } },
    async (request) => updateParameter(db, currentUser(request), request.params.id, request.body),
  );
};
