import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './support/session';

/** The form's primary button stays clickable while a toast shows (docs/rules.md#daily-use). */
async function expectUncovered(page: Page, toastText: string, button: Locator) {
  const toast = page
    .getByRole('region', { name: /Notificações/ })
    .getByRole('listitem')
    .filter({ hasText: toastText });
  await expect(toast).toBeVisible();
  const t = (await toast.boundingBox())!;
  const b = (await button.boundingBox())!;
  const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
  expect(overlaps, `the toast (${JSON.stringify(t)}) covers the button (${JSON.stringify(b)})`).toBe(false);
  // Playwright's own check that a click there reaches the button, not something above it.
  await button.click({ trial: true, timeout: 2_000 });
  await expect(toast).toBeVisible();
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 360, height: 740 },
]) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("[ADMIN] a refused 'Criar' of Nova OS shows its toast without covering 'Criar'", async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto('/os');
      await page.getByRole('button', { name: /Nova OS/ }).click();
      const modal = page.getByRole('dialog', { name: 'Nova OS' });
      const criar = modal.getByRole('button', { name: 'Criar' });
      await criar.click();
      await expectUncovered(page, 'Preencha os campos obrigatórios.', criar);
      // Pressed again while the toast shows: it answers again, the form still open.
      await criar.click();
      await expect(modal).toBeVisible();
    });
  });
}
