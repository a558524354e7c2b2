import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Registry } from 'prom-client';
import type { Database } from '../../db/client';
import type { Config } from '../../platform/config';

/** How long the readiness check waits for the database before answering 503. */
const READY_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsync<{ database: Database; config: Config; metrics: Registry }> = async (
  app,
  { database, config, metrics: registry },
) => {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok', database: database.kind };
  });

  // Readiness for a load balancer: 503 while the database does not answer, so no request is sent here.
  app.get('/api/ready', { config: { access: 'public' } }, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([database.db.execute(sql`select 1`), timeout]);
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.code(503).send({ error: 'Banco de dados indisponível.' });
    } finally {
      clearTimeout(timer);
    }
  });

  // Prometheus format, for an administrator or a scraper holding the bearer METRICS_TOKEN (platform/access.ts).
  app.get('/api/metrics', { config: { access: 'admin', bearerToken: config.metricsToken } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
};
