import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signIn, TEC } from './support/session';

/** A fuel receipt drawn by the test (no photo from elsewhere is committed). */
async function receipt(): Promise<Buffer> {
  const lines = [
    'POSTO SAO JUDAS TADEU LTDA',
    'CNPJ: 12.345.678/0001-95',
    'Extrato No. 045127',
    'TOTAL R$        1.219,82',
    'Troco R$          30,18',
    'Emissao: 21/11/2026 14:32',
  ];
  const text = lines
    .map((l, i) => `<text x="40" y="${70 + i * 56}" font-family="DejaVu Sans Mono" font-size="36">${l}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="420"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

test('[TEC] adds an expense from a receipt photo and sees it in Visualizar', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, TEC);
  await page.goto('/service-orders');
  // Demo data (DEMO_DATA=1): OS 00001 is joao's and Aberto.
  const card = page.getByRole('article', { name: 'OS 00001' });
  const openAction = async (name: string) => {
    const toggle = card.getByRole('button', { name: 'Expandir' });
    if (await toggle.isVisible()) await toggle.click();
    await card.getByRole('button', { name }).click();
  };
  await openAction('Add Despesas');
  const dialog = page.getByRole('dialog', { name: 'Lançamento de Despesas' });

  await dialog.getByRole('button', { name: 'Salvar Despesa' }).click();
  await expect(page.getByText('Preencha todos dos dados,data, documento, valor e tipo de despesa no formulário.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await dialog
    .getByLabel('Foto do comprovante')
    .setInputFiles({ name: 'cupom.jpg', mimeType: 'image/jpeg', buffer: await receipt() });
  await expect(dialog.getByText('Processando OCR…')).toBeVisible();
  await expect(dialog.getByLabel('Valor (R$)')).toHaveValue('1219,82', { timeout: 90_000 });
  await expect(dialog.getByLabel('Data')).toHaveValue('2026-11-21');
  await expect(dialog.getByLabel('Nº Documento')).toHaveValue('45127');
  await dialog.getByLabel('Tipo de Despesa').selectOption('Combustível');
  await dialog.getByLabel('Descrição').fill('Abastecimento do carro da equipe');
  await dialog.getByRole('button', { name: 'Salvar Despesa' }).click();
  await expect(page.getByText('Cadastrado realizado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await openAction('Visualizar');
  const view = page.getByRole('dialog', { name: 'Ordem de Serviço' });
  const despesas = view.getByRole('table', { name: 'Despesas' });
  await expect(despesas.getByRole('textbox', { name: 'Documento' }).last()).toHaveValue('45127');

  // Inline edit saves on Enter; a refused change restores the stored value.
  const doc = despesas.getByRole('textbox', { name: 'Documento' }).last();
  await doc.fill('777');
  await doc.press('Enter');
  const desc = despesas.getByRole('textbox', { name: 'Descrição' }).last();
  await desc.fill('curta');
  await desc.blur();
  await expect(page.getByText(/O valor anterior foi restaurado/)).toBeVisible();
  await expect(desc).toHaveValue('Abastecimento do carro da equipe');
  await expect(doc).toHaveValue('777');
});
