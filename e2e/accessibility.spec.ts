import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn, TEC } from './support/session';

// axe-core (npm) run on every screen of the router; no serious or critical violation.
// The screens are read from the router, so a screen added later is checked too.
const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const routerFile = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/app/router.tsx'), 'utf8');
const screens = [
  '/',
  ...[...routerFile.matchAll(/path: '([^':*]+)'/g)].map((m) => (m[1]!.startsWith('/') ? m[1]! : `/${m[1]}`)),
].filter((p) => p !== '/login' && p !== '/esqueci' && p !== '/bi');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  // page.evaluate runs through the DevTools protocol, so the page's CSP does not block axe.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"], body').first()).toBeVisible();
}

test('[ANON] the sign-in and password-recovery screens have no serious accessibility violation', async ({ page }) => {
  const found: string[] = [];
  for (const url of ['/login', '/esqueci']) {
    await page.goto(url);
    await settle(page);
    for (const v of await seriousViolations(page)) found.push(`${url} ${v}`);
  }
  expect(found).toEqual([]);
});

test('[ADMIN] every screen has no serious or critical accessibility violation, light and dark', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const found: string[] = [];
  for (const url of screens) {
    await page.goto(url);
    await settle(page);
    for (const v of await seriousViolations(page)) found.push(`${url} ${v}`);
  }
  // Dark mode: the class on <html> (UI.md), checked on the main list screens for contrast.
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  for (const url of ['/', '/os', '/service-orders']) {
    await page.goto(url);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await settle(page);
    for (const v of await seriousViolations(page)) found.push(`${url} (dark) ${v}`);
  }
  expect(found).toEqual([]);
});

test('[TEC] /service-orders has no serious or critical accessibility violation at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, TEC);
  await page.goto('/service-orders');
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
});
