import { expenseTypeInputSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { registerWrites } from '../../platform/register-routes';
import { createExpenseType, deleteExpenseType, listExpenseTypes, updateExpenseType } from './expense-types.service';

export const expenseTypesRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  app.get('/api/tipodespesa', { config: { access: 'signedIn' } }, async () => listExpenseTypes(db));

  // docs/rules.md#api-conventions: with the delete the old product lacks.
  registerWrites(app, db, '/api/tipodespesa', expenseTypeInputSchema, {
    create: createExpenseType,
    update: updateExpenseType,
    remove: deleteExpenseType,
  });
};
