import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { MSG } from '@os/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { createAgendaNotifier } from './modules/agenda/agenda-mail';
import { authRoutes } from './modules/auth/auth.routes';
import { recoveryRoutes } from './modules/auth/recovery.routes';
import { biRoutes } from './modules/bi/bi.routes';
import { checklistsRoutes } from './modules/checklists/checklists.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { closingRoutes } from './modules/closing/closing.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { descriptionsRoutes } from './modules/descriptions/descriptions.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { orderPdfRoutes } from './modules/documents/order-pdf.routes';
import { equipmentRoutes } from './modules/equipment/equipment.routes';
import { expenseTypesRoutes } from './modules/expense-types/expense-types.routes';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { healthRoutes } from './modules/health/health.routes';
import { lancamentosRoutes } from './modules/lancamentos/lancamentos.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { materialsRoutes } from './modules/materials/materials.routes';
import { ensureVehicle } from './modules/materials/stock-places';
import { ordersRoutes } from './modules/orders/orders.routes';
import { agendaRoutes } from './modules/orders/orders-agenda.routes';
import { parametersRoutes } from './modules/parameters/parameters.routes';
import { pixRoutes } from './modules/pix/pix.routes';
import { portalRoutes } from './modules/portal/portal.routes';
import { portalApprovalRoutes } from './modules/portal/portal-approval.routes';
import { portalEquipmentRoutes } from './modules/portal/portal-equipment.routes';
import { createPortalNotices } from './modules/portal/portal-notices';
import { portalQuotesRoutes } from './modules/portal/portal-quotes.routes';
import { portalRequestsRoutes } from './modules/portal/portal-requests.routes';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { signaturesRoutes } from './modules/signatures/signatures.routes';
import { timesheetRoutes } from './modules/timesheet/timesheet.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { usersRoutes } from './modules/users/users.routes';
import type { UserListeners } from './modules/users/users.service';
import { createWhatsappOutbox } from './modules/whatsapp/outbox';
import { createWhatsappProvider } from './modules/whatsapp/providers';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes';
import { createWhatsappWorker } from './modules/whatsapp/worker';
import { accessPlugin } from './platform/access';
import type { Config } from './platform/config';
import { registerEdgeGuard } from './platform/edge';
import { registerErrorHandler } from './platform/errors';
import { MB } from './platform/files';
import { withRedaction } from './platform/logging';
import { createMailer } from './platform/mail';
import { registerMetrics } from './platform/metrics';
import { BODY_LIMITS } from './platform/multipart';
import { closeOcrWorker } from './platform/ocr';
import { registerRateLimit, registerRetryAfter } from './platform/rate-limit';
import { createStorage } from './platform/storage';
import { registerWebApp } from './platform/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The technicians' agenda e-mails under way (modules/agenda/agenda-mail.ts); `idle()` waits for them. */
    agendaNotifier: ReturnType<typeof createAgendaNotifier>;
    /** The client's notices under way (modules/portal/portal-notices.ts); `idle()` waits for them. */
    portalNotices: ReturnType<typeof createPortalNotices>;
    /** This process's WhatsApp worker (modules/whatsapp/worker.ts); `drain()` sends what is due now. */
    whatsappWorker: ReturnType<typeof createWhatsappWorker>;
  }
}

export interface AppOptions {
  database: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole app: cross-cutting plugins first, then every module's routes. */
export async function buildApp({ database, config, logger = false }: AppOptions) {
  const app = Fastify({
    logger: withRedaction(logger),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMITS.total,
    // Errors raised before routing (a malformed URL, a path parameter over the router's length limit)
    // answer the same {error} shape, with nosniff, instead of Fastify's own body.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      reply.code(err.statusCode && err.statusCode < 500 ? err.statusCode : 400);
      reply.header('x-content-type-options', 'nosniff').send({ error: MSG.invalidInput });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurityHeaders(app);
  await app.register(cookie);
  // After helmet: the not-found handler keeps the hooks registered before it (security headers on every 404).
  registerErrorHandler(app);
  // Uploads are read by platform/multipart.ts, which sets each route's limits; these are the defaults.
  await app.register(multipart, {
    limits: { fileSize: 10 * MB + 1, fieldSize: BODY_LIMITS.field, files: BODY_LIMITS.files, fields: BODY_LIMITS.fields },
  });
  await app.register(accessPlugin, { database, config });
  // Every text the API takes, checked once before any route sees it (platform/edge.ts).
  registerEdgeGuard(app);
  // After the session is known: OCR routes limited per user (platform/rate-limit.ts).
  registerRateLimit(app, database.db);
  // Every 429 carries Retry-After, whoever sent it (platform/rate-limit.ts).
  registerRetryAfter(app);
  // Every request counted and timed for GET /api/metrics (platform/metrics.ts).
  const metrics = registerMetrics(app, database);
  await app.register(swagger, {
    openapi: { info: { title: 'Sistema de Ordens de Serviço', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  const storage = createStorage(config);
  app.addHook('onClose', async () => storage.close?.());
  // One SMTP transport for the process, shared by every module that sends.
  const mailer = createMailer(config, storage);
  // The client's notices (scheduled visit, order concluded) after the commit, in the background (docs/rules.md#portal).
  const portalNotices = createPortalNotices({ db: database.db, storage, mailer, appUrl: config.appUrl }, app.log);
  app.decorate('portalNotices', portalNotices);
  // Agenda e-mails go out after the change is committed, in the background (docs/rules.md#agenda).
  // They wait for the plan to settle (docs/rules.md#notices-that-settle).
  const agendaNotifier = createAgendaNotifier(
    { db: database.db, mailer, appUrl: config.appUrl, mailFrom: config.mailFrom },
    app.log,
    { delayMinutes: config.noticeDelayMinutes, client: (change) => portalNotices.scheduledNow(change) },
  );
  app.decorate('agendaNotifier', agendaNotifier);
  // WhatsApp (docs/rules.md#whatsapp): messages written in the change's transaction, sent by this process's worker.
  const { whatsappOutbox, whatsappWorker, orderOutbox } = whatsappParts(app, database, config);
  app.addHook('onClose', async () => {
    await whatsappWorker.stop();
    await agendaNotifier.close();
    await portalNotices.idle();
    mailer.close();
  });
  // An active technician saved gets their stock vehicle in the same transaction (docs/rules.md#materials-and-stock).
  const userListeners: UserListeners = { onActiveTechnician: ensureVehicle };
  const notices = { agendaNotifier, portalNotices, whatsappOutbox, whatsappWorker, orderOutbox, userListeners };
  const deps = { database, config, storage, metrics, mailer, ...notices };
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(ordersRoutes, deps);
  await app.register(agendaRoutes, deps);
  await app.register(recoveryRoutes, deps);
  await app.register(portalRoutes, deps);
  await app.register(portalEquipmentRoutes, deps);
  await app.register(portalRequestsRoutes, deps);
  await app.register(requestsRoutes, deps);
  await app.register(portalApprovalRoutes, deps);
  await app.register(mailRoutes, deps);
  await app.register(whatsappRoutes, deps);
  await app.register(docsRoutes);
  await app.register(documentsRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(biRoutes, deps);
  // The OCR worker (platform/ocr.ts) is shared by every module; it ends with the app.
  app.addHook('onClose', closeOcrWorker);
  await app.register(clientsRoutes, deps);
  await app.register(equipmentRoutes, deps);
  await app.register(expenseTypesRoutes, deps);
  await app.register(companiesRoutes, deps);
  await app.register(usersRoutes, deps);
  await app.register(parametersRoutes, deps);
  await app.register(lancamentosRoutes, deps);
  await app.register(timesheetRoutes, deps);
  await app.register(descriptionsRoutes, deps);
  await app.register(signaturesRoutes, deps);
  await app.register(checklistsRoutes, deps);
  await app.register(uploadsRoutes, deps);
  await app.register(expensesRoutes, deps);
  await app.register(orderPdfRoutes, deps);
  await app.register(closingRoutes, deps);
  await app.register(pixRoutes, deps);
  await app.register(quotesRoutes, deps);
  await app.register(portalQuotesRoutes, deps);
  await app.register(materialsRoutes, deps);

  await registerWebApp(app, config.webDist);
  return app;
}

/** The security headers of every answer: the content policy, nosniff and friends, and HSTS over HTTPS only. */
async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'https:'],
        // The PDF viewer shows the product's own PDFs inside the page, and nothing else (docs/rules.md#daily-use).
        objectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  // HSTS only when the request really came over HTTPS (directly or via a trusted proxy's X-Forwarded-Proto).
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

/** The WhatsApp outbox, this process's worker (started when the app is ready) and the outbox as orders see it. */
function whatsappParts(app: FastifyInstance, database: Database, config: Config) {
  const whatsappOutbox = createWhatsappOutbox(config.whatsapp, config.appUrl);
  const whatsappWorker = createWhatsappWorker({
    db: database.db,
    provider: createWhatsappProvider(config.whatsapp),
    settings: config.whatsapp,
    log: app.log,
  });
  app.decorate('whatsappWorker', whatsappWorker);
  app.addHook('onReady', async () => whatsappWorker.start());
  const orderOutbox = {
    agenda: whatsappOutbox.agenda,
    concluded: whatsappOutbox.concluded,
    written: () => whatsappWorker.kick(),
  };
  return { whatsappOutbox, whatsappWorker, orderOutbox };
}
