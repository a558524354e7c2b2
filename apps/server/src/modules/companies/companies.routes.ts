import { companyInputSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { registerRegister } from '../../platform/register-routes';
import { createCompany, deleteCompany, listCompanies, updateCompany } from './companies.service';

/**
 * /empresas is an admin screen (docs/screens.md#routes), so reads are admin-only too; the writes with the
 * delete the old product lacks (docs/rules.md#api-conventions).
 */
export const companiesRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const company = { list: listCompanies, create: createCompany, update: updateCompany, remove: deleteCompany };
  registerRegister(app, database.db, '/api/empresas', 'admin', companyInputSchema, company);
};
