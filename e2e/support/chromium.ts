import { chromium } from '@playwright/test';
import { ChromiumMissing, chromiumStarts, findChromium, findHeadlessShell } from './find-chromium';

/** The Chromium e2e/ensure-chromium.ts found or installed (CHROMIUM_PATH, `chromium` on PATH, Playwright's download). */
function executablePath(): string {
  const found = findChromium(process.env, chromium.executablePath());
  if (!found) {
    throw new ChromiumMissing('No Chromium for the end-to-end tests: run `npm run test:e2e`, which finds or installs one.');
  }
  return found.path;
}

/** As root, with no network but the loopback: the flags every browser here starts with. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The full Chromium, as a person's: its PDF viewer and its camera permission. The benches and the specs on those use it. */
export const CHROMIUM = { executablePath: executablePath(), args: ARGS };

/**
 * What most specs run in: Chromium's headless shell when the machine has one that starts (the same engine without the
 * browser's windows and viewer: a third less CPU on a 2-core machine, docs/decisions.md), else the full Chromium.
 */
function headlessPath(): string {
  const shell = findHeadlessShell(process.env);
  return shell && chromiumStarts(shell).ok ? shell.path : CHROMIUM.executablePath;
}
export const HEADLESS_CHROMIUM = { executablePath: headlessPath(), args: ARGS };
