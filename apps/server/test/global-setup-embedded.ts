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
const PREFIX = 'os-api-embedded-';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The folders of runs killed before their teardown: their server stopped, their folder removed. */
async function removeStaleRuns(): Promise<void> {
  for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(os.tmpdir(), name);
    const runner = Number(fs.readFileSync(path.join(dir, 'runner.pid'), { encoding: 'utf8', flag: 'a+' }));
    if (runner && alive(runner)) continue;
    const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
    const postmaster = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (postmaster && alive(postmaster)) {
      process.kill(postmaster, 'SIGINT');
      for (let i = 0; i < 100 && alive(postmaster); i++) await new Promise((r) => setTimeout(r, 100));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject) {
  await removeStaleRuns();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'runner.pid'), String(process.pid));
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
