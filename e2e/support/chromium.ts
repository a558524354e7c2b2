import { chromium } from '@playwright/test';
import { ChromiumMissing, findChromium } from './find-chromium';

/** The Chromium e2e/ensure-chromium.ts found or installed (CHROMIUM_PATH, `chromium` on PATH, Playwright's download). */
function executablePath(): string {
  const found = findChromium(process.env, chromium.executablePath());
  if (!found) {
    throw new ChromiumMissing('No Chromium for the end-to-end tests: run `npm run test:e2e`, which finds or installs one.');
  }
  return found.path;
}

/** As root, with no network but the loopback: the flags every browser here starts with. */
export const CHROMIUM = {
  executablePath: executablePath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
