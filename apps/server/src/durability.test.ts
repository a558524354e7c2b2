import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl } from '../test/postgres-url';

/**
 * Durability of the real server process (node --import tsx src/server.ts) on the database of the
 * project that runs this file (api: the embedded PostgreSQL in DATA_DIR; api-pg: PostgreSQL): 500 records with
 * photos written through the API survive a SIGKILL; SIGTERM lets a request in flight finish.
 */

type OrderRow = { id: number; status?: string };
const RECORDS = 500;
const ADMIN_PASSWORD = 'durabilidade-123';
const serverEntry = path.resolve(import.meta.dirname, 'server.ts');
const kind = inject('dbKind');
let dataDir: string;
let dbUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let child: ChildProcess | undefined;
let port = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(p));
    });
    srv.on('error', reject);
  });
}

async function start(extraEnv: Record<string, string> = {}) {
  port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl ?? '',
      ADMIN_PASSWORD,
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  child = proc;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited ${proc.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${stderr}`);
}

/** The embedded PostgreSQL's process in DATA_DIR, when one runs. */
function embeddedPostmaster(): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode);
    else proc.once('exit', (code) => resolve(code));
  });

async function login(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('os_session='))!;
  return cookie.split(';')[0]!;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-durability-'));
  fs.chmodSync(dataDir, 0o755); // the embedded server may run as another user (root's case)
  if (kind === 'postgres') {
    const base = inject('dbServer');
    const name = `${inject('dbTemplate')}_dur${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    await admin.end();
    dbUrl = databaseUrl(base, name);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
  await dropDatabase?.();
  // The embedded mode's PostgreSQL outlives a killed server: stop what the last one left.
  const postmaster = embeddedPostmaster();
  if (postmaster) {
    process.kill(postmaster, 'SIGINT');
    for (let i = 0; i < 100 && embeddedPostmaster(); i++) await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`durability of the server process (${kind})`, () => {
  it(`keeps ${RECORDS} records with their photos after SIGKILL`, async () => {
    await start({ DEMO_DATA: '1' });
    let cookie = await login();
    const orders = (await (await fetch(`http://127.0.0.1:${port}/api/os`, { headers: { cookie } })).json()) as
      | OrderRow[]
      | { data?: OrderRow[]; rows?: OrderRow[] };
    const rows: OrderRow[] = Array.isArray(orders) ? orders : (orders.data ?? orders.rows ?? []);
    const orderId = rows.find((o) => o.status !== 'Fechado')!.id;
    const photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#06c' } })
      .jpeg()
      .toBuffer();

    const written: number[] = [];
    const post = async (i: number) => {
      const form = new FormData();
      form.set('data', '2024-03-05');
      form.set('descricao', `durabilidade ${i}`);
      form.set('osnumber', String(orderId));
      form.set('imagem', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `foto-${i}.jpg`);
      const res = await fetch(`http://127.0.0.1:${port}/api/descricao/`, { method: 'POST', headers: { cookie }, body: form });
      expect(res.status, await res.clone().text()).toBe(201);
      written.push(((await res.json()) as { id: number }).id);
    };
    const queue = Array.from({ length: RECORDS }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) await post(i);
      }),
    );
    expect(written).toHaveLength(RECORDS);

    // Every answered write is durable: kill without any chance to flush, the embedded PostgreSQL as well
    // (it recovers from its write-ahead log at the next start, even when its killed process is left a zombie).
    child!.kill('SIGKILL');
    await exited(child!);
    const postmaster = embeddedPostmaster();
    if (kind === 'embedded') expect(postmaster).toBeDefined();
    if (postmaster) process.kill(postmaster, 'SIGKILL');
    await start();
    cookie = await login();
    const list = (await (await fetch(`http://127.0.0.1:${port}/api/descricao/${orderId}`, { headers: { cookie } })).json()) as {
      id: number;
      descricao: string;
      imagem: string | null;
    }[];
    const ours = (Array.isArray(list) ? list : []).filter((d) => d.descricao.startsWith('durabilidade '));
    expect(ours.map((d) => d.id).sort((a, b) => a - b)).toEqual([...written].sort((a, b) => a - b));
    const missing: string[] = [];
    for (const d of ours) {
      const name = path.basename(String(d.imagem));
      const res = await fetch(`http://127.0.0.1:${port}/uploads/${name}`, { headers: { cookie } });
      if (res.status !== 200 || (await res.arrayBuffer()).byteLength === 0) missing.push(`${d.id}: ${res.status}`);
    }
    expect(missing).toEqual([]);
  }, 240_000);

  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    if (!child || child.exitCode !== null) await start();
    const proc = child!;
    const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/auth/login',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      // Half the body now, SIGTERM, the rest later: the request is in flight when the signal arrives.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        proc.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });
    expect(await answer).toBe(200);
    expect(await exited(proc)).toBe(0);
  }, 60_000);
});
