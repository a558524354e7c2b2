import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';

// axe-core (npm), injected through page.evaluate: it runs through the DevTools protocol, so the page's CSP does not
// block it.
const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** The serious and critical axe violations of what the page shows now (an open modal included), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A colour half-way through a fade (a toast coming in, a tab switching) is not what the user reads: wait for
  // the finite animations and transitions to end (spinners run forever and are left alone).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
      null,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
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

/** Waits until the screen has loaded its data. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"], body').first()).toBeVisible();
}

/** Collects violations under a label (screen, modal), so one test can report every screen at once. */
export function violationLog(page: Page) {
  const found: string[] = [];
  return {
    found,
    async check(label: string) {
      for (const v of await seriousViolations(page)) found.push(`${label}: ${v}`);
    },
  };
}

/** Checks a modal once it is open and loaded, then closes it with Escape. */
export async function checkModal(page: Page, log: ReturnType<typeof violationLog>, label: string, dialog: Locator) {
  await expect(dialog).toBeVisible();
  // Let what the modal loads arrive; Chromium's PDF viewer may keep a request open, so 10 s at most.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await log.check(label);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
