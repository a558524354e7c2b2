// Starts the real server for the end-to-end tests on a fresh, throw-away data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_WHATSAPP, startWhatsappCloudApi } from './support/whatsapp-cloud-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'os-e2e-'));
const port = process.env.E2E_PORT ?? '3100';
// Journeys that read what the server wrote (e-mails in DATA_DIR/outbox) find the folder here.
const dataDirNote = path.join(tmpdir(), `os-e2e-${port}.datadir`);
writeFileSync(dataDirNote, dataDir);
// WhatsApp goes to a loopback Cloud API (only consenting contacts with a number get messages); journeys read its calls.
const whatsapp = await startWhatsappCloudApi();
const whatsappNote = path.join(tmpdir(), `os-e2e-${port}.whatsapp`);
writeFileSync(whatsappNote, whatsapp.url);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    ADMIN_PASSWORD: 'admin-e2e-2026',
    DEMO_DATA: '1',
    WHATSAPP_PROVIDER: 'meta',
    WHATSAPP_API_URL: whatsapp.url,
    WHATSAPP_TOKEN: E2E_WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: E2E_WHATSAPP.phoneNumberId,
    WHATSAPP_APP_SECRET: 'e2e-app-secret',
    NOTICE_DELAY_MINUTES: process.env.NOTICE_DELAY_MINUTES ?? '0',
    WHATSAPP_POLL_SECONDS: '2',
  },
});

const cleanUp = () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dataDirNote, { force: true });
  rmSync(whatsappNote, { force: true });
  whatsapp.close();
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
