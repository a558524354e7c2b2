// A newcomer's first minute, on whatever Node runs this file: `npm start` on a fresh data folder, the sign-in
// page served, the admin signs in, opens an order and reads it back, then the server stops cleanly.
// CI runs it on Node 22 and 24 (docs/decisions.md): the full API suite runs once, on the project's Node.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.SMOKE_PORT ?? '3190';
const base = `http://127.0.0.1:${port}`;
// SMOKE_IN_CHECKOUT=1: the newcomer's own case, DATA_DIR left at its default (./data in the checkout).
const inCheckout = process.env.SMOKE_IN_CHECKOUT === '1';
const dataDir = inCheckout ? path.join(root, 'data') : mkdtempSync(path.join(tmpdir(), 'os-smoke-'));
const password = 'smoke-start-2026';

function serverEnv() {
  const env = { ...process.env, DATA_DIR: dataDir, PORT: port, ADMIN_PASSWORD: password, DATABASE_URL: '' };
  if (inCheckout) delete env.DATA_DIR;
  return env;
}

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: serverEnv(),
});
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));

function check(condition, what) {
  if (!condition) throw new Error(`smoke on Node ${process.version}: ${what}`);
}

async function waitForHealth() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped on start (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

try {
  await waitForHealth();
  const page = await fetch(`${base}/login`);
  check(page.ok && (await page.text()).includes('<div id="root">'), 'GET /login did not serve the web app');

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  check(login.ok, `sign-in answered ${login.status}`);
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const headers = { cookie, 'content-type': 'application/json' };

  const client = await fetch(`${base}/api/clientes`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ razao: 'Cliente da Partida Ltda', cnpj: '11.222.333/0001-81' }),
  });
  check(client.ok, `POST /api/clientes answered ${client.status}: ${await client.clone().text()}`);
  const { id: clienteId } = await client.json();
  const made = await fetch(`${base}/api/os`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ cliente: clienteId, data: '2026-11-24', motivo: 'Teste de partida' }),
  });
  check(made.ok, `POST /api/os answered ${made.status}: ${await made.clone().text()}`);
  const { id } = await made.json();
  const order = await (await fetch(`${base}/api/os/${id}`, { headers })).json();
  check(order.motivo === 'Teste de partida', `GET /api/os/${id} read back ${JSON.stringify(order)}`);
  console.log(`Node ${process.version}: npm start served /login, the admin signed in, opened an order and read it back.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  const code = await exited;
  rmSync(dataDir, { recursive: true, force: true });
  if (code !== 0 && code !== 'SIGTERM') {
    console.error(`smoke on Node ${process.version}: the server ended with ${code} on SIGTERM`);
    process.exitCode = 1;
  }
}
