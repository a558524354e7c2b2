import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './support/session';

// A 360 px phone with a touch screen (docs/rules.md#daily-use): lists are cards, nothing scrolls sideways.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

const LIST_SCREENS = [
  '/os',
  '/clientes',
  '/tipodespesas',
  '/empresas',
  '/users',
  '/osrelatorio',
  '/pdf',
  '/fechamento',
  '/configuracoes',
  '/emails',
];

/** Widths wider than the screen: the page itself, and any box inside main that would scroll sideways. */
function sideways(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1)
        found.push(`${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 40)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return found;
  });
}

test('[ADMIN] every list screen fits 360 px: no sideways scroll, row actions on screen, by touch and keyboard', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const withRows: string[] = [];
  for (const screen of LIST_SCREENS) {
    await test.step(screen, async () => {
      await page.goto(screen);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await sideways(page), `${screen} scrolls sideways`).toEqual([]);
      const row = page.getByRole('main').locator('table tbody tr').first();
      if ((await row.count()) === 0) return;
      withRows.push(screen);
      for (const action of await row.getByRole('button').all()) {
        const box = (await action.boundingBox())!;
        expect(box.x, `${screen}: ${await action.getAttribute('aria-label')} starts on screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${screen}: ${await action.getAttribute('aria-label')} ends on screen`).toBeLessThanOrEqual(
          360,
        );
        // Touch reaches it (nothing covers it), and so does the keyboard.
        await action.tap({ trial: true });
        await action.focus();
        await expect(action).toBeFocused();
      }
    });
  }
  // The demo data fills these lists, so their cards and row actions were checked above.
  expect(withRows).toEqual(expect.arrayContaining(['/os', '/clientes', '/tipodespesas', '/empresas', '/users']));
});
