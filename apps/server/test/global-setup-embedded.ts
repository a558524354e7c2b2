import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startCluster } from '../src/db/embedded-postgres';
import { prepareTemplate } from './global-setup-postgres';

/**
 * The API suite on the embedded database, as `npm start` runs it without DATABASE_URL: one embedded PostgreSQL
 * for the run, in a temporary folder; each test file copies the template database there. Durability is not
 * what these tests measure, so the cluster skips fsync; it takes the connections of the files run in parallel.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-api-embedded-'));
  fs.chmodSync(dir, 0o755);
  const cluster = await startCluster({
    dir: path.join(dir, 'postgres'),
    settings: { max_connections: 300, shared_buffers: '64MB', fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  const dropTemplate = await prepareTemplate(project, cluster.url, 'embedded');
  return async () => {
    await dropTemplate();
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
