import { companyInputSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { createCompany, deleteCompany, listCompanies, updateCompany } from './companies.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** /empresas is an admin screen (docs/screens.md#routes), so reads are admin-only too. */
export const companiesRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  app.get('/api/empresas', { config: { access: 'admin' } }, async () => listCompanies(db));

  app.post('/api/empresas', { config: { access: 'admin' }, schema: { body: companyInputSchema } }, async (request, reply) => {
    const row = await createCompany(db, currentUser(request), request.body);
    return reply.status(201).send(row);
  });

  app.put(
    '/api/empresas/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: companyInputSchema } },
    async (request) => updateCompany(db, currentUser(request), request.params.id, request.body),
  );

  // docs/rules.md#api-conventions: the delete the old product lacks.
  app.delete('/api/empresas/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await deleteCompany(db, currentUser(request), request.params.id);
    return { success: true };
  });
};
