// Starts the real server for the end-to-end tests on a fresh, throw-away data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'os-e2e-'));
const port = process.env.E2E_PORT ?? '3100';
// Journeys that read what the server wrote (e-mails in DATA_DIR/outbox) find the folder here.
const dataDirNote = path.join(tmpdir(), `os-e2e-${port}.datadir`);
writeFileSync(dataDirNote, dataDir);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    ADMIN_PASSWORD: 'admin-e2e-2026',
    DEMO_DATA: '1',
    NOTICE_DELAY_MINUTES: process.env.NOTICE_DELAY_MINUTES ?? '0',
  },
});

const cleanUp = () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dataDirNote, { force: true });
};

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
