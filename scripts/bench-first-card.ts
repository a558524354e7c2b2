/**
 * The technician's first job card on a weak signal (docs/rules.md#daily-use): a 360 px phone on a
 * throttled 1.6 Mbps / 150 ms connection (Chromium's CDP Network.emulateNetworkConditions) opens
 * /service-orders signed in; the time until the first card is drawn is printed, with the bytes
 * that came over the wire:
 * - cold: a fresh browser profile (no HTTP cache, no service worker);
 * - warm: the same phone again once the service worker has installed (its precache serves the app).
 * Printed, never asserted; target cold ≤ 3 s. Needs `npm run build` and a Chromium as the end-to-end
 * tests find it.
 *
 *   npm run bench first-card
 */
import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM } from '../e2e/support/chromium';
import { startLocalServer } from './lib/local-server';

const TARGET_COLD_MS = 3000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.log('apps/web/dist não existe: rode `npm run build` antes.');
  process.exit(1);
}
/** 1.6 Mbps down, 750 kbps up, 150 ms round trip. */
const WEAK_SIGNAL = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};

/** Opens /service-orders throttled; answers the time to the first job card and the bytes received. */
async function firstCard(context: BrowserContext, url: string): Promise<{ ms: number; kb: number }> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', WEAK_SIGNAL);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
  });
  const start = performance.now();
  await page.goto(`${url}/service-orders`, { waitUntil: 'commit' });
  await page.getByRole('article').first().waitFor({ state: 'visible', timeout: 120_000 });
  const ms = performance.now() - start;
  await page.close();
  return { ms, kb: bytes / 1024 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startLocalServer({ DEMO_DATA: '1', WEB_DIST: webDist });
const browser = await chromium.launch(CHROMIUM);
const cold: { ms: number; kb: number }[] = [];
const warm: { ms: number; kb: number }[] = [];
try {
  const cookie = await server.login('joao', 'demo1234');
  const [name, value] = cookie.split('=') as [string, string];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
    await context.addCookies([{ name, value, url: server.url }]);
    cold.push(await firstCard(context, server.url));
    // The service worker installs and precaches (unthrottled, as on the phone's next good signal).
    const page = await context.newPage();
    await page.goto(`${server.url}/service-orders`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.close();
    warm.push(await firstCard(context, server.url));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const line = (label: string, runs: { ms: number; kb: number }[]) =>
  `  ${label.padEnd(44)} mediana ${median(runs.map((r) => r.ms))
    .toFixed(0)
    .padStart(5)} ms   (${runs.map((r) => r.ms.toFixed(0)).join(', ')} ms)   ${median(runs.map((r) => r.kb))
    .toFixed(0)
    .padStart(5)} KB recebidos`;
console.log(`Primeiro cartão de /service-orders a 360 px, 1,6 Mbps / 150 ms, ${RUNS} rodadas:`);
console.log(line('frio (sem cache, sem service worker)', cold));
console.log(line('com o service worker instalado', warm));
const coldMs = median(cold.map((r) => r.ms));
console.log(`  meta frio ≤ ${TARGET_COLD_MS} ms: ${coldMs <= TARGET_COLD_MS ? 'OK' : 'ACIMA DA META'}`);
