import { dashboardQuerySchema, gridQuerySchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { registerPage } from '../../platform/register-routes';
import { dashboardData, openOrdersJson } from './dashboard.service';
import { ratingsSummary } from './ratings.service';

/** /dashboard and /grid (admin, docs/rules.md#permissions, docs/rules.md#beyond-the-old-product, docs/rules.md#api-conventions). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/api/dashboard', { config: { access: 'admin' }, schema: { querystring: dashboardQuerySchema } }, async (request) =>
    dashboardData(database.db, request.query),
  );

  // The clients' ratings of the visits (docs/rules.md#portal).
  app.get(
    '/api/dashboard/avaliacoes',
    { config: { access: 'admin' }, schema: { querystring: dashboardQuerySchema } },
    async (request) => ratingsSummary(database.db, request.query),
  );

  registerPage(app, '/api/grid', 'admin', gridQuerySchema, (_request, query) => openOrdersJson(database.db, query));
};
