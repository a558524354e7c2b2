import zlib from 'node:zlib';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM } from '../e2e/support/chromium';
import { builtWebDist, startLocalServer } from './lib/local-server';

const TARGET_COLD_MS = 2000;
const TARGET_WARM_MS = 500;
const TARGET_SIGN_IN_KB = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const webDist = builtWebDist();
/** 1.6 Mbps down, 750 kbps up, 150 ms round trip. */
const WEAK_SIGNAL = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};

interface Run {
  ms: number;
  kb: number;
  /** When the list's request started, from the navigation's start. */
  listMs: number;
}

/**
 * Tells the harness the frame that draws the first job card: the first <article> in the document, then the
 * next animation frame (the one painted with it), on the machine's wall clock. Set up before any of the
 * app's code runs, and nothing polls the page: a wait of Playwright's would see the card only at its next
 * poll (up to 500 ms later), and its role queries would take the phone's main thread from the app.
 */
function markFirstCard() {
  const page = window as unknown as { __firstCardDrawn?: (at: number) => void };
  new MutationObserver((_changes, observer) => {
    if (!document.querySelector('article')) return;
    observer.disconnect();
    requestAnimationFrame(() => page.__firstCardDrawn?.(performance.timeOrigin + performance.now()));
  }).observe(document, { childList: true, subtree: true });
}

/** Opens /service-orders throttled; answers the time to the first job card and the bytes received. */
async function firstCard(context: BrowserContext, url: string): Promise<Run> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', WEAK_SIGNAL);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
  });
  let listAt = Number.NaN;
  let cardDrawn: (at: number) => void = () => {};
  const drawn = new Promise<number>((resolve, reject) => {
    cardDrawn = resolve;
    setTimeout(() => reject(new Error('Nenhum cartão em 120 s.')), 120_000).unref();
  });
  await page.exposeFunction('__firstCardDrawn', (at: number) => cardDrawn(at));
  const startedAt = Date.now();
  const start = performance.now();
  page.on('request', (request) => {
    if (Number.isNaN(listAt) && new URL(request.url()).pathname === '/api/lancamentos') listAt = performance.now() - start;
  });
  await page.goto(`${url}/service-orders`, { waitUntil: 'commit' });
  // The page's clock and this process's are the machine's one wall clock.
  const ms = (await drawn) - startedAt;
  await page.getByRole('article').first().waitFor({ state: 'visible' });
  await page.close();
  return { ms, kb: bytes / 1024, listMs: listAt };
}

/** The JavaScript /login loads until the network is idle, each file gzipped (level 9), in KB. */
async function signInJavaScript(context: BrowserContext, url: string): Promise<{ kb: number; files: number }> {
  const page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.close();
  const bytes = [...scripts.values()].reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0);
  return { kb: bytes / 1024, files: scripts.size };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startLocalServer({ DEMO_DATA: '1', WEB_DIST: webDist });
const browser = await chromium.launch(CHROMIUM);
const cold: Run[] = [];
const warm: Run[] = [];
let signIn = { kb: 0, files: 0 };
try {
  {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    signIn = await signInJavaScript(context, server.url);
    await context.close();
  }
  const cookie = await server.login('joao', 'demo1234');
  const [name, value] = cookie.split('=') as [string, string];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
    await context.addCookies([{ name, value, url: server.url }]);
    await context.addInitScript(markFirstCard);
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

const line = (label: string, runs: Run[]) =>
  `  ${label.padEnd(44)} mediana ${median(runs.map((r) => r.ms))
    .toFixed(0)
    .padStart(5)} ms   (${runs.map((r) => r.ms.toFixed(0)).join(', ')} ms)   ${median(runs.map((r) => r.kb))
    .toFixed(0)
    .padStart(5)} KB recebidos, lista pedida aos ${median(runs.map((r) => r.listMs)).toFixed(0)} ms`;
console.log(
  `JavaScript da página de login (gzip): ${signIn.kb.toFixed(1)} KB em ${signIn.files} arquivo(s); meta ≤ ${TARGET_SIGN_IN_KB} KB: ${signIn.kb <= TARGET_SIGN_IN_KB ? 'OK' : 'ACIMA DA META'}`,
);
console.log(`Primeiro cartão de /service-orders a 360 px, 1,6 Mbps / 750 kbps / 150 ms, ${RUNS} rodadas:`);
console.log(line('frio (sem cache, sem service worker)', cold));
console.log(line('com o service worker instalado', warm));
const coldMs = median(cold.map((r) => r.ms));
const warmMs = median(warm.map((r) => r.ms));
console.log(`  meta frio ≤ ${TARGET_COLD_MS} ms: ${coldMs <= TARGET_COLD_MS ? 'OK' : 'ACIMA DA META'}`);
console.log(`  meta com service worker ≤ ${TARGET_WARM_MS} ms: ${warmMs <= TARGET_WARM_MS ? 'OK' : 'ACIMA DA META'}`);
