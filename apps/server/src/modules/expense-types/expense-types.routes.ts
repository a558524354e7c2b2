import { expenseTypeInputSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { createExpenseType, deleteExpenseType, listExpenseTypes, updateExpenseType } from './expense-types.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export const expenseTypesRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  app.get('/api/tipodespesa', { config: { access: 'signedIn' } }, async () => listExpenseTypes(db));

  app.post(
    '/api/tipodespesa',
    { config: { access: 'admin' }, schema: { body: expenseTypeInputSchema } },
    async (request, reply) => {
      const row = await createExpenseType(db, currentUser(request), request.body);
      return reply.status(201).send(row);
    },
  );

  app.put(
    '/api/tipodespesa/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: expenseTypeInputSchema } },
    async (request) => updateExpenseType(db, currentUser(request), request.params.id, request.body),
  );

  // docs/rules.md#api-conventions: the delete the old product lacks.
  app.delete('/api/tipodespesa/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await deleteExpenseType(db, currentUser(request), request.params.id);
    return { success: true };
  });
};
