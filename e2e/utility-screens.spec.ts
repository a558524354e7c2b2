import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { ADMIN, signIn } from './support/session';

const require = createRequire(import.meta.url);

/** A two-page PDF with accents, made the way the server makes its own (pdfkit, DejaVu Sans). */
function makePdf(pages: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    for (const text of pages) doc.addPage().fontSize(14).text(text);
    doc.end();
  });
}

test('[ADMIN] extracts the text of a PDF and downloads it as TXT', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/pdfestudo');
  await expect(page).toHaveTitle('PDF ESTUDO · OS');

  const pdf = await makePdf(['Relatório de manutenção preventiva', 'Segunda página: ação concluída']);
  await page.locator('input[type=file]').setInputFiles({ name: 'relatorio.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('relatorio.pdf')).toBeVisible();
  await expect(page.getByTestId('file-size')).toHaveText(/KB$/);

  await page.getByRole('button', { name: 'Extrair Texto' }).click();
  const text = page.getByLabel('Texto extraído');
  // The first extraction loads pdf.js's worker on the server: give a busy machine time.
  await expect(text).toHaveValue(/Relatório de manutenção preventiva\s+Segunda página: ação concluída/, { timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar TXT' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('relatorio.txt');
  const saved = fs.readFileSync((await download.path())!, 'utf8');
  expect(saved).toContain('Segunda página: ação concluída');
});

test('[ADMIN] the extractor refuses a file that is not a PDF', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/pdfestudo');
  await page.locator('input[type=file]').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('oi') });
  await expect(page.getByText('Por favor, selecione um arquivo PDF válido.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Extrair Texto' })).toHaveCount(0);
});

test('[ADMIN] uploads an image to the repository and opens the zoom', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/documentos');
  await expect(page.getByRole('heading', { name: 'Repositório de Documentação' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Your Photos/ })).toBeVisible();
  await expect(page.getByText('No photos yet. Upload your first image!')).toBeVisible();

  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'planta-eletrica.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image uploaded successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Ampliar planta-eletrica.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'planta-eletrica.png' });
  await expect(dialog).toBeVisible();
  const image = dialog.getByRole('img', { name: 'planta-eletrica.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('[ADMIN] generates a prompt and its PDF', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/gerarprompt');
  await page.getByLabel('Título').fill('Inspeção do transformador');
  await page.getByLabel('Conteúdo').fill('Verificar óleo, ruído e temperatura do transformador T1.');
  await page.getByRole('button', { name: 'Gerar Prompt' }).click();
  const prompt = page.getByLabel('Prompt gerado');
  await expect(prompt).toHaveValue(/## Papel[\s\S]*Inspeção do transformador[\s\S]*Verificar óleo, ruído e temperatura/);

  await expect(page.getByLabel('Nome do arquivo (sem .pdf)')).toHaveValue('documento-gerado');
  await expect(page.getByLabel('Incluir data no nome do arquivo')).toBeChecked();
  await page.getByRole('button', { name: 'Gerar PDF' }).click();
  await expect(page.getByText('PDF gerado com sucesso!')).toBeVisible();
  await expect(page.getByText('PDF salvo no servidor com sucesso!')).toBeVisible();

  const link = page.getByRole('link', { name: /^Baixar documento-gerado-\d{4}-\d{2}-\d{2}\.pdf$/ });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^documento-gerado-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('[ADMIN] opens the dashboard in dark mode', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signIn(page, ADMIN);
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('OS abertas agora', { exact: true })).toBeVisible();
  const monthly = page.getByRole('region', { name: 'OS abertas e concluídas por mês' });
  await expect(monthly.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(monthly.locator('.recharts-bar-rectangle').first()).toBeAttached();

  // A period with nothing in it still draws, with zero figures.
  await page.getByLabel('Data Início').fill('2001-01-01');
  await page.getByLabel('Data Fim').fill('2001-02-28');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Período: 01/01/2001 a 28/02/2001')).toBeVisible();
  await expect(page.getByText('Nenhuma despesa no período.')).toBeVisible();
});

test('[PUBLIC] /bi opens without a session and says when no address is set', async ({ page }) => {
  await page.goto('/bi');
  await expect(page.getByRole('heading', { name: 'Power Bi Clientes' })).toBeVisible();
  await expect(page.getByText(/O painel de BI ainda não foi configurado/)).toBeVisible();
});

test('[ADMIN] sees the open orders grid and the tips', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/grid');
  await expect(page.getByRole('heading', { name: /Grid de OS abertas/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /\d+ abertas/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Técnico' })).toBeVisible();

  await page.goto('/dicas');
  await expect(page.getByRole('heading', { name: 'Dicas', exact: true })).toBeVisible();
  // Every screen of the menu has its tips, the closing screen and the sign-in included.
  for (const screen of ['Login', 'Empresas', 'Fechamento (Fechar ordens)', 'Rótulos', 'Power Bi Clientes', 'Configurações'])
    await expect(page.getByRole('heading', { name: screen })).toBeVisible();
  await expect(page.getByRole('heading', { name: /PDF ESTUDO/ })).toBeVisible();
});
