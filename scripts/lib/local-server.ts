// Starts the real server as `npm start` does (scripts/server-command.mjs) on a temporary DATA_DIR
// and a free port, for scripts that probe a running instance (security scan, budgets).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverArgs } from '../server-command.mjs';

export const ADMIN_PASSWORD = 'admin-e2e-2026';
const root = path.resolve(import.meta.dirname, '../..');

/** The built web app (apps/web/dist) a budget measures; without it the script stops and says to build. */
export function builtWebDist(): string {
  const webDist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    console.log('apps/web/dist não existe: rode `npm run build` antes.');
    process.exit(1);
  }
  return webDist;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface LocalServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  login(username?: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startLocalServer(env: Record<string, string> = {}): Promise<LocalServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-local-'));
  fs.chmodSync(dataDir, 0o755); // the embedded PostgreSQL may run as another user (root's case)
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    ...env,
  };
  const proc = spawn(process.execPath, serverArgs(childEnv), {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited ${proc.exitCode}: ${stderr}`);
    if (i > 900) throw new Error(`server did not start: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: proc,
    dataDir,
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
      return res.headers
        .getSetCookie()
        .find((c) => c.startsWith('os_session='))!
        .split(';')[0]!;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const done = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await done;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
