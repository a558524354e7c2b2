import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './support/session';

// The machine is shared: give each journey room beyond the 30 s default.
test.describe.configure({ timeout: 60_000 });

const table = (page: Page) => page.getByRole('table', { name: 'Relatorio de O.S.' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

async function openReport(page: Page) {
  await signIn(page, ADMIN);
  await page.goto('/osrelatorio');
  await expect(page.getByRole('heading', { name: 'Relatorio de O.S.' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
}

/** Demo data: Carlos Pereira has two Concluído orders (numbers 3 and 15). */
async function filterCarlosConcluido(page: Page) {
  await page.getByLabel('Engenheiro').selectOption({ label: 'Carlos Pereira' });
  await page.getByLabel('Status').selectOption({ label: 'Concluído' });
  await page.getByRole('button', { name: 'Buscar Dados' }).click();
  await expect(bodyRows(page)).toHaveCount(2);
}

test('[ADMIN] filters the report by technician and status', async ({ page }) => {
  await openReport(page);
  // The Engenheiro filter lists the real technicians (docs/rules.md#fixed-defects).
  const engineers = await page.getByLabel('Engenheiro').locator('option').allInnerTexts();
  expect(engineers).toEqual(expect.arrayContaining(['Carlos Pereira', 'João da Silva', 'Maria Oliveira']));
  expect(engineers).not.toContain('Engenheiro 1');

  await filterCarlosConcluido(page);
  for (const row of await bodyRows(page).all()) {
    await expect(row).toContainText('Carlos Pereira');
    await expect(row).toContainText('Concluído');
    await expect(row.locator('td').first()).toHaveText(/^\d{5}$/);
  }
  await expect(page.getByRole('heading', { name: 'Relatorio de O.S.' })).toContainText('(2)');
});

test('[ADMIN] shows the empty text when nothing matches', async ({ page }) => {
  await openReport(page);
  await page.getByLabel('Data Inicio').fill('2000-01-01');
  await page.getByLabel('Data Fim').fill('2000-01-31');
  await page.getByRole('button', { name: 'Buscar Dados' }).click();
  await expect(page.getByText('Nenhum dado encontrado com paramentros atuais')).toBeVisible();
});

test('[ADMIN] exports the filtered rows to CSV and XLSX', async ({ page }) => {
  await openReport(page);
  await filterCarlosConcluido(page);
  const numbers = (await bodyRows(page).locator('td:first-child').allInnerTexts()).map((n) => n.trim());

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^relatorio-os-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await csvDownload.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Número;Cliente;Cidade;Data;Eng/Técnico;Status;Responsavel;Equipamento;Nr Peça;Nr Serie;Motivo');
  expect(lines).toHaveLength(3);
  for (const line of lines.slice(1)) {
    expect(line).toContain(';Carlos Pereira;Concluído;');
    expect(numbers).toContain(line.split(';')[0]);
  }

  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar XLSX' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsx = fs.readFileSync((await xlsxDownload.path()) ?? '');
  expect(xlsx.subarray(0, 2).toString()).toBe('PK');
});

test('[ADMIN] edits and deletes from the report rows', async ({ page }) => {
  await openReport(page);
  await filterCarlosConcluido(page);
  const numero = ((await bodyRows(page).first().locator('td').first().textContent()) ?? '').trim();

  await page.getByRole('button', { name: `Editar OS ${numero}` }).click();
  const modal = page.getByRole('dialog', { name: `Editar OS ${numero}` });
  await expect(modal.getByLabel('Número')).toHaveValue(numero);
  await modal.getByLabel('Responsavel').fill('Responsável pelo relatório');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('OS alterada com sucesso!')).toBeVisible();

  await page.getByRole('button', { name: `Excluir OS ${numero}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Tem certeza que deseja excluir esta OS?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(bodyRows(page)).toHaveCount(2);
});

test('[ADMIN] generates the full PDF from a report row and views it', async ({ page }) => {
  await openReport(page);
  await filterCarlosConcluido(page);
  const row = bodyRows(page).filter({ hasText: '00015' });
  await expect(row.getByRole('button', { name: 'Visualizar PDF da OS 00015' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Gerar PDF completo da OS 00015' }).click();
  const viewer = page.getByRole('dialog', { name: 'Visualizar PDF - OS 00015' });
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  await expect(viewer.getByRole('link', { name: 'Abrir em nova janela' })).toHaveAttribute(
    'href',
    /\/api\/os\/\d+\/pdfcompleto_os$/,
  );
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  // The row now offers the PDF, and the file is a real PDF.
  await row.getByRole('button', { name: 'Visualizar PDF da OS 00015' }).click();
  await expect(viewer).toBeVisible();
  const href = await viewer.getByRole('link', { name: 'Abrir em nova janela' }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
