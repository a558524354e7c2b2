import { companyInputSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { registerWrites } from '../../platform/register-routes';
import { createCompany, deleteCompany, listCompanies, updateCompany } from './companies.service';

/** /empresas is an admin screen (docs/screens.md#routes), so reads are admin-only too. */
export const companiesRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  app.get('/api/empresas', { config: { access: 'admin' } }, async () => listCompanies(db));

  // docs/rules.md#api-conventions: with the delete the old product lacks.
  registerWrites(app, db, '/api/empresas', companyInputSchema, {
    create: createCompany,
    update: updateCompany,
    remove: deleteCompany,
  });
};
