import type { FastifyPluginAsync } from 'fastify';

/** The OpenAPI description of the API, for signed-in admins (docs/rules.md#api-conventions). */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  const openapi = async () => app.swagger();
  app.get('/api/docs', { config: { access: 'admin' }, schema: { hide: true } }, openapi);
  app.get('/api/docs/json', { config: { access: 'admin' }, schema: { hide: true } }, openapi);
};
