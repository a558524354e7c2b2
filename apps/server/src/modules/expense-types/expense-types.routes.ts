import { expenseTypeInputSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { registerRegister } from '../../platform/register-routes';
import { createExpenseType, deleteExpenseType, listExpenseTypes, updateExpenseType } from './expense-types.service';

/** Every signed-in user reads the types; the writes with the delete the old product lacks (docs/rules.md#api-conventions). */
export const expenseTypesRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const expenseType = { list: listExpenseTypes, create: createExpenseType, update: updateExpenseType, remove: deleteExpenseType };
  registerRegister(app, database.db, '/api/tipodespesa', 'signedIn', expenseTypeInputSchema, expenseType);
};
