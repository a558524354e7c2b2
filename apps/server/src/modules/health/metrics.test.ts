import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/client';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'segredo-de-coleta-123' });
});
afterAll(() => t.close());

describe('GET /api/metrics', () => {
  it('gives an administrator requests by route and status, latency, pool, OCR queue, memory and event-loop delay', async () => {
    const admin = await t.loginAdmin();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/clientes/999999999', headers: { cookie: admin } });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/health",status="200"\} \d/,
    );
    expect(text).toMatch(/db_pool_connections \d+/);
    expect(text).toMatch(/ocr_queue_length 0/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds [\d.e-]+/);
  });

  it('takes the bearer METRICS_TOKEN instead of a session, and refuses anyone else', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer segredo-de-coleta-123' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_requests_total');
    const wrong = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer outro' } });
    expect(wrong.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    const tec = await t.signedIn('tec');
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { cookie: tec.cookie } })).statusCode).toBe(403);
  });
});

describe('GET /api/ready', () => {
  it('answers ready while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ready');
  });

  it('answers 503 while the database is unreachable', async () => {
    // A PostgreSQL address where nothing listens.
    const gone = await openPostgres('postgres://postgres@127.0.0.1:1/nada', { migrate: false });
    const app = await buildApp({ database: gone, config: t.config });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('Banco de dados indisponível.');
    } finally {
      await app.close();
      await gone.close();
    }
  });
});
