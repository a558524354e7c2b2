import { expect, type Page, test } from '@playwright/test';
import { CHROMIUM } from './support/chromium';
import { ADMIN, signIn } from './support/session';

// The full Chromium: its PDF viewer is what these tests look at (the headless shell has none).
test.use({ launchOptions: CHROMIUM });

// docs/rules.md#daily-use: the viewer shows the PDF inside the modal, on a desktop (the browser's own
// viewer, allowed by the page's security policy) and on a phone (pages drawn by pdf.js).

/** Every security-policy violation the page reports, from the first script on. */
async function recordViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return violations;
}

async function openPdf(page: Page, numero: string) {
  await page.goto('/pdf');
  await page.getByPlaceholder('Buscar por cliente ou número').fill(numero);
  const row = page.getByRole('row').filter({ hasText: numero });
  await row.getByRole('button', { name: `Gerar PDF da OS ${numero}` }).click();
  const ask = page.getByRole('alertdialog', { name: 'Gerar PDF novamente?' });
  // A PDF made by an earlier run of this file is simply made again.
  await Promise.race([
    ask.waitFor({ timeout: 5_000 }).then(() => ask.getByRole('button', { name: 'Gerar novamente' }).click()),
    page.getByRole('dialog', { name: `Visualizar PDF - OS ${numero}` }).waitFor({ timeout: 20_000 }),
  ]).catch(() => undefined);
  const viewer = page.getByRole('dialog', { name: `Visualizar PDF - OS ${numero}` });
  await expect(viewer).toBeVisible({ timeout: 20_000 });
  return viewer;
}

test('[ADMIN] desktop: the PDF shows inside the modal, no security-policy violation, no fallback text', async ({ page }) => {
  const violations = await recordViolations(page);
  await signIn(page, ADMIN);
  const viewer = await openPdf(page, '00019');
  const object = viewer.locator('object[type="application/pdf"]');
  await expect(object).toBeVisible();
  // The browser's PDF viewer loaded the order's PDF inside the object.
  await expect
    .poll(() => page.frames().some((f) => /\/api\/os\/\d+\/pdfcompleto_os$/.test(f.url())), { timeout: 15_000 })
    .toBe(true);
  await expect(viewer.getByText('Não foi possível carregar o PDF.')).toBeHidden();
  expect(violations).toEqual([]);
  await expect(viewer.getByRole('link', { name: 'Abrir em nova janela' })).toBeVisible();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('[ADMIN] the pages are drawn inside the modal, one per canvas', async ({ page }) => {
    const violations = await recordViolations(page);
    await signIn(page, ADMIN);
    await page
      .getByRole('button', { name: 'Menu' })
      .waitFor()
      .catch(() => undefined);
    const viewer = await openPdf(page, '00019');
    const first = viewer.getByRole('img', { name: /página 1 de \d+/ });
    await expect(first).toBeVisible({ timeout: 20_000 });
    // A drawn page has no loading line above it (docs/rules.md#daily-use).
    await expect(viewer.getByText('Carregando PDF...')).toBeHidden({ timeout: 1_000 });
    await expect(viewer.locator('[data-pdf-pages="ready"]')).toBeAttached({ timeout: 20_000 });
    // The canvas really has the page on it: many dark (text) pixels on white.
    const inked = await first.evaluate((c) => {
      const canvas = c as HTMLCanvasElement;
      const px = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let dark = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i]! < 100 && px[i + 1]! < 100 && px[i + 2]! < 100) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(1000);
    // Fits the phone: no sideways scrolling inside the modal.
    const box = await first.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    await expect(viewer.getByText('Não foi possível carregar o PDF.')).toBeHidden();
    expect(violations).toEqual([]);
  });
});
