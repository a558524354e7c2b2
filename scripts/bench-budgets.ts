/**
 * Performance budgets (docs/rules.md#performance-budgets), printed with a verdict, never asserted in tests:
 * - JavaScript the login page loads, gzip (budget 150 KB);
 * - time to the first screen of /service-orders at 360 px under Chromium's 'Fast 3G' emulation;
 * - resident memory of the server process before and after 10,000 API requests (no growth).
 * Needs the built web (npm run build) and a Chromium as the end-to-end tests find it (CHROMIUM_PATH,
 * `chromium` on PATH or Playwright's download).
 *
 *   npm run bench budgets
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { CHROMIUM } from '../e2e/support/chromium';
import { builtWebDist, startLocalServer } from './lib/local-server';

const LOGIN_JS_BUDGET_KB = 150;
const webDist = builtWebDist();
// DevTools' 'Fast 3G' preset.
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const server = await startLocalServer({ DEMO_DATA: '1', WEB_DIST: webDist });
const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath });
const lines: string[] = [];
try {
  // 1. Login page JavaScript, gzip.
  {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const gzipKb = [...scripts.values()].reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0) / 1024;
    const verdict = gzipKb <= LOGIN_JS_BUDGET_KB ? 'OK' : 'ACIMA DO ORÇAMENTO';
    lines.push(
      `login JS (gzip): ${gzipKb.toFixed(1)} KB em ${scripts.size} arquivo(s); orçamento ${LOGIN_JS_BUDGET_KB} KB: ${verdict}`,
    );
    await page.close();
  }

  // 2. First screen of /service-orders at 360 px under Fast 3G, as a technician, cold cache.
  {
    const cookie = await server.login('joao', 'demo1234');
    const [name, value] = cookie.split('=') as [string, string];
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const start = Date.now();
    await page.goto(`${server.url}/service-orders`, { waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    const dcl = Date.now() - start;
    await page.locator('main').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const firstScreen = Date.now() - start;
    lines.push(
      `/service-orders a 360 px em Fast 3G: DOMContentLoaded ${dcl} ms, primeira tela completa (rede ociosa) ${firstScreen} ms`,
    );
    await context.close();
  }

  // 3. Server memory after 10,000 requests.
  {
    const cookie = await server.login();
    const pid = server.process.pid!;
    const hit = (amount: number) =>
      autocannon({ url: `${server.url}/api/os?limit=20`, connections: 10, amount, headers: { cookie } });
    await hit(1_000);
    const before = rssKb(pid);
    const result = await hit(10_000);
    const after = rssKb(pid);
    await hit(10_000);
    const after2 = rssKb(pid);
    lines.push(
      `memória do servidor (RSS): ${(before / 1024).toFixed(0)} MB após aquecimento, ${(after / 1024).toFixed(0)} MB após 10.000 requisições, ${(after2 / 1024).toFixed(0)} MB após mais 10.000 (${result.non2xx} respostas não-2xx; ${result.requests.average.toFixed(0)} req/s)`,
    );
    lines.push(
      `crescimento entre as duas rodadas: ${((after2 - after) / 1024).toFixed(1)} MB: ${after2 - after < 20 * 1024 ? 'OK' : 'VERIFICAR'}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
for (const line of lines) console.log(line);
