import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, signIn } from './support/session';

/** An equipment nameplate drawn by the test (no photo from elsewhere). */
async function nameplate(): Promise<Buffer> {
  const lines = ['MOTOR DE INDUCAO TRIFASICO', 'Fabricante: WEG', 'Modelo: W22', 'Tensao: 220/380 V'];
  const text = lines
    .map((l, i) => `<text x="40" y="${70 + i * 56}" font-family="DejaVu Sans Mono" font-size="36">${l}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="320"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('[ADMIN] reads the text and the label fields of an image on /rotulos', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, ADMIN);
  await page.goto('/rotulos');
  await expect(page).toHaveTitle('Rótulos · OS');

  await page.getByLabel('Escolher imagem').setInputFiles({ name: 'placa.png', mimeType: 'image/png', buffer: await nameplate() });
  await expect(page.getByRole('img', { name: 'Imagem escolhida' })).toBeVisible();

  await page.getByRole('button', { name: 'Extrair Texto', exact: true }).click();
  const text = page.getByRole('textbox', { name: 'Texto extraído' });
  await expect(text).toHaveValue(/MOTOR DE INDUCAO/, { timeout: 90_000 });

  await page.getByRole('button', { name: 'Extrair Texto Gemini' }).click();
  const analysis = page.getByRole('region', { name: 'Análise do rótulo' });
  await expect(analysis.getByText('WEG')).toBeVisible({ timeout: 90_000 });
  await expect(analysis.getByText('220/380 V')).toBeVisible();

  await page.getByRole('button', { name: 'Copiar Texto' }).click();
  await expect(page.getByRole('button', { name: 'Texto copiado!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('MOTOR');

  await page.getByRole('button', { name: 'Nova Análise' }).click();
  await expect(text).toHaveValue('');
  await expect(analysis).toBeHidden();
});

test('[ADMIN] is told when the chosen file is not an image', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/rotulos');
  await page
    .getByLabel('Escolher imagem')
    .setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('texto') });
  await expect(page.getByRole('alert')).toHaveText('Envie uma imagem válida (PNG, JPG ou JPEG).');
});
