/**
 * Memory and list rate of the real server on each database (targets in
 * docs/rules.md#performance-budgets, the choice in docs/decisions.md): the server started as
 * `npm start` starts it (fresh DATA_DIR, demo data), its resident memory at idle after start and after
 * 20,000 requests of the paged order list, and the list's rate; then the embedded/PostgreSQL rate ratio.
 * The embedded mode's memory is the server's RSS plus its PostgreSQL's PSS, summed over the postmaster and
 * its children (PSS shares each shared page, such as the shared buffers and the binaries, among the
 * processes that map it; their RSS summed, printed beside, counts those pages once per process).
 * Printed, never asserted. Targets for the embedded default: idle <= 300 MB, after 20,000 <= 450 MB,
 * list rate >= 0.5 x PostgreSQL's.
 *
 *   npm run bench memory
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a throw-away
 * database is created on that server and dropped at the end. Unreachable: that half is skipped.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startLocalServer } from './lib/local-server';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUESTS = 20_000;
const IDLE_MB = 300;
const AFTER_MB = 450;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const pssMb = (pid: number) =>
  Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;

/** The embedded PostgreSQL's processes: the postmaster of DATA_DIR/postgres and its children. */
function clusterPids(dataDir: string): number[] {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return [];
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // stat: "pid (comm) state ppid ...": the ppid is the second field after the command's ')'.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** The server's RSS, plus its embedded PostgreSQL's PSS (and RSS summed, for comparison). */
function memory(pid: number, dataDir: string): { total: number; line: string } {
  const server = rssMb(pid);
  const pids = clusterPids(dataDir);
  if (!pids.length) return { total: server, line: `${server.toFixed(0).padStart(4)} MB` };
  const pss = pids.reduce((sum, p) => sum + pssMb(p), 0);
  const rss = pids.reduce((sum, p) => sum + rssMb(p), 0);
  return {
    total: server + pss,
    line: `${(server + pss).toFixed(0).padStart(4)} MB (servidor ${server.toFixed(0)} + PostgreSQL ${pss.toFixed(0)} PSS em ${pids.length} processos, ${rss.toFixed(0)} RSS somado)`,
  };
}
const settle = () => new Promise((r) => setTimeout(r, 3000));

interface Figures {
  idle: number;
  after: number;
  rate: number;
}

async function measure(label: string, env: Record<string, string>): Promise<Figures> {
  const server = await startLocalServer({ DEMO_DATA: '1', WEB_DIST: '', ...env });
  try {
    const pid = server.process.pid!;
    await settle();
    const idle = memory(pid, server.dataDir);
    const cookie = await server.login();
    const url = `${server.url}/api/os?limit=20`;
    await autocannon({ url, connections: 10, amount: 1_000, headers: { cookie } });
    const result = await autocannon({ url, connections: 10, amount: REQUESTS, headers: { cookie } });
    await settle();
    const after = memory(pid, server.dataDir);
    const failed = result.non2xx + result.errors + result.timeouts;
    console.log(
      `${label.padEnd(28)} memória em repouso ${idle.line}\n${''.padEnd(28)} após ${REQUESTS.toLocaleString('pt-BR')} requisições ${after.line}\n${''.padEnd(28)} GET /api/os?limit=20 ${result.requests.average.toFixed(0).padStart(5)} req/s, p99 ${result.latency.p99} ms${failed ? ` (${failed} falharam)` : ''}`,
    );
    return { idle: idle.total, after: after.total, rate: result.requests.average };
  } finally {
    await server.stop();
  }
}

async function withPostgresDatabase(fn: (url: string) => Promise<Figures>): Promise<Figures | undefined> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL em ${PG_URL} inacessível (${(err as Error).message}): parte PostgreSQL pulada.`);
    return undefined;
  }
  const name = `bench_mem_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const embedded = await measure('embutido (sem DATABASE_URL)', {});
const postgres = await withPostgresDatabase((url) => measure('PostgreSQL (DATABASE_URL)', { DATABASE_URL: url }));
const ok = (value: boolean) => (value ? 'OK' : 'ACIMA DA META');
console.log(`embutido em repouso: ${embedded.idle.toFixed(0)} MB; meta ${IDLE_MB} MB: ${ok(embedded.idle <= IDLE_MB)}`);
console.log(
  `embutido após ${REQUESTS.toLocaleString('pt-BR')} requisições: ${embedded.after.toFixed(0)} MB; meta ${AFTER_MB} MB: ${ok(embedded.after <= AFTER_MB)}`,
);
if (postgres) {
  const ratio = embedded.rate / postgres.rate;
  console.log(
    `lista paginada embutido/PostgreSQL: ${ratio.toFixed(2)} (${embedded.rate.toFixed(0)} / ${postgres.rate.toFixed(0)} req/s); meta >= 0,50: ${ratio >= 0.5 ? 'OK' : 'ABAIXO DA META'}`,
  );
}
