import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '@os/shared';
import type { Database } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { biRoutes } from './modules/bi/bi.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { recoveryRoutes } from './modules/auth/recovery.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { closingRoutes } from './modules/closing/closing.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { orderPdfRoutes } from './modules/documents/order-pdf.routes';
import { expenseTypesRoutes } from './modules/expense-types/expense-types.routes';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { healthRoutes } from './modules/health/health.routes';
import { parametersRoutes } from './modules/parameters/parameters.routes';
import { usersRoutes } from './modules/users/users.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { descriptionsRoutes } from './modules/descriptions/descriptions.routes';
import { lancamentosRoutes } from './modules/lancamentos/lancamentos.routes';
import { signaturesRoutes } from './modules/signatures/signatures.routes';
import { timesheetRoutes } from './modules/timesheet/timesheet.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { accessPlugin } from './platform/access';
import type { Config } from './platform/config';
import { registerErrorHandler } from './platform/errors';
import { registerRateLimit } from './platform/rate-limit';
import { closeOcrWorker } from './platform/ocr';
import { createLocalStorage } from './platform/storage';

export interface AppOptions {
  database: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole app: cross-cutting plugins first, then every module's routes. */
export async function buildApp({ database, config, logger = false }: AppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Errors raised before routing (a malformed URL, a path parameter over the router's length limit)
    // answer the same {error} shape, with nosniff, instead of Fastify's own body.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      reply.code(err.statusCode && err.statusCode < 500 ? err.statusCode : 400);
      reply.header('x-content-type-options', 'nosniff').send({ error: MSG.invalidInput });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'https:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  await app.register(cookie);
  // After helmet: the not-found handler keeps the hooks registered before it (security headers on every 404).
  registerErrorHandler(app);
  // Uploads: the largest accepted file is 10 MB (+1 byte so "too large" is detected, not truncated).
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 + 1, files: 2, fields: 40 } });
  await app.register(accessPlugin, { database, config });
  // After the session is known: OCR routes limited per user (platform/rate-limit.ts).
  registerRateLimit(app);
  // HSTS only when the request really came over HTTPS (directly or via a trusted proxy's X-Forwarded-Proto).
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Sistema de Ordens de Serviço', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  const storage = createLocalStorage(config.dataDir);
  const deps = { database, config, storage };
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(ordersRoutes, deps);
  await app.register(recoveryRoutes, deps);
  await app.register(mailRoutes, deps);
  await app.register(docsRoutes);
  await app.register(documentsRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(biRoutes, deps);
  // The OCR worker (platform/ocr.ts) is shared by every module; it ends with the app.
  app.addHook('onClose', closeOcrWorker);
  await app.register(clientsRoutes, deps);
  await app.register(expenseTypesRoutes, deps);
  await app.register(companiesRoutes, deps);
  await app.register(usersRoutes, deps);
  await app.register(parametersRoutes, deps);
  await app.register(lancamentosRoutes, deps);
  await app.register(timesheetRoutes, deps);
  await app.register(descriptionsRoutes, deps);
  await app.register(signaturesRoutes, deps);
  await app.register(uploadsRoutes, deps);
  await app.register(expensesRoutes, deps);
  await app.register(orderPdfRoutes, deps);
  await app.register(closingRoutes, deps);

  await registerWebApp(app, config.webDist);
  return app;
}

/** Serves the built SPA; any non-API GET falls back to index.html so the router can take it. */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return;
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'));
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ error: MSG.routeNotFound });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
