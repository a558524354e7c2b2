import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { ocrQueueLength } from './ocr';

/**
 * Prometheus metrics of this process (docs/architecture.md#growing-past-one-machine), one registry per
 * app: requests by route template and status, their latency, the database pool, the OCR queue and
 * prom-client's process metrics (resident memory, heap, event-loop delay).
 */
export function registerMetrics(app: FastifyInstance, database: Database): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = (name: string, help: string, pick: (s: { total: number; idle: number; waiting: number }) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 }));
      },
    });
  pool('db_pool_connections', 'Database connections open', (s) => s.total);
  pool('db_pool_idle_connections', 'Database connections open and idle', (s) => s.idle);
  pool('db_pool_waiting_requests', 'Queries waiting for a database connection', (s) => s.waiting);
  new Gauge({
    name: 'ocr_queue_length',
    help: 'OCR jobs waiting or running on this process',
    registers: [registry],
    collect() {
      this.set(ocrQueueLength());
    },
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's template (never the URL itself, which holds ids); requests no route matched count as one.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
  return registry;
}
