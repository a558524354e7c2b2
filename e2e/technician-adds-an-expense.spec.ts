import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { test } from './support/admin-test';
import { fillExpense, openAction, technicianOnNewOrder, waitForCamera } from './support/field';
import { FAKE_CAMERA, signIn, TEC } from './support/session';

// Chromium's fake camera, for the receipt taken on the camera screen.
test.use(FAKE_CAMERA);

/** Chooses the type, describes, saves ('Cadastrado realizado com sucesso!'), then opens the card's 'Despesas' table. */
async function saveAndView(page: Page, dialog: Locator, card: Locator, tipo: string, descricao: string) {
  await fillExpense(dialog, { tipo, descricao });
  await dialog.getByRole('button', { name: 'Salvar Despesa' }).click();
  await expect(page.getByText('Cadastrado realizado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await openAction(card, 'Visualizar');
  const view = page.getByRole('dialog', { name: 'Ordem de Serviço' });
  return { view, despesas: view.getByRole('table', { name: 'Despesas' }) };
}

/** joao on /service-orders with 'Add Despesas' of OS 00001 (demo data: joao's, Aberto) open. */
async function openExpenseEntry(page: Page) {
  await signIn(page, TEC);
  await page.goto('/service-orders');
  const card = page.getByRole('article', { name: 'OS 00001' });
  await openAction(card, 'Add Despesas');
  return { card, dialog: page.getByRole('dialog', { name: 'Lançamento de Despesas' }) };
}

const FUEL = [
  'POSTO SAO JUDAS TADEU LTDA',
  'CNPJ: 12.345.678/0001-95',
  'Extrato No. 045127',
  'TOTAL R$        1.219,82',
  'Troco R$          30,18',
  'Emissao: 21/11/2026 14:32',
];

/** A receipt drawn by the test (no photo from elsewhere is committed): a fuel one by default. */
async function receipt(lines = FUEL): Promise<Buffer> {
  const text = lines
    .map((l, i) => `<text x="40" y="${70 + i * 56}" font-family="DejaVu Sans Mono" font-size="36">${l}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="420"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

test('[TEC] adds an expense from a receipt photo and sees it in Visualizar', async ({ page }) => {
  test.setTimeout(150_000);
  const { card, dialog } = await openExpenseEntry(page);
  // The date starts at today, like every date field (docs/rules.md#daily-use).
  await expect(dialog.getByLabel('Data')).toHaveValue(await page.evaluate(() => new Date().toLocaleDateString('sv-SE')));

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
  const { despesas } = await saveAndView(page, dialog, card, 'Combustível', 'Abastecimento do carro da equipe');
  await expect(despesas.getByRole('textbox', { name: 'Documento' }).last()).toHaveValue('45127');
  await expect(despesas.getByRole('textbox', { name: 'Valor' }).last()).toHaveValue('R$ 1.219,82');

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

test('[TEC] types while the receipt is read, keeps what was typed, and is told which value to check', async ({ page }) => {
  test.setTimeout(150_000);
  const { dialog } = await openExpenseEntry(page);
  // Two totals that disagree and a date not yet come: the reader fills, but says to check (docs/rules.md#receipts).
  const doubtful = [
    'HOTEL SERRANO CENTRO',
    'NFS-e Numero: 7/8341',
    'VALOR PAGO R$ 783,56',
    'TOTAL A PAGAR R$ 83,56',
    'Emissao: 14/03/2099',
  ];
  await dialog
    .getByLabel('Foto do comprovante')
    .setInputFiles({ name: 'hotel.jpg', mimeType: 'image/jpeg', buffer: await receipt(doubtful) });
  await expect(dialog.getByText('Processando OCR…')).toBeVisible();
  // Typing goes on while the photo is read; what was typed stays, unmarked.
  const doc = dialog.getByLabel('Nº Documento');
  await doc.fill('555');
  await expect(dialog.getByText('Processando OCR…')).toBeHidden({ timeout: 90_000 });
  await expect(doc).toHaveValue('555');
  await expect(doc).not.toHaveAccessibleDescription('Confira este valor');
  const data = dialog.getByLabel('Data');
  await expect(data).toHaveValue('2099-03-14');
  await expect(data).toHaveAccessibleDescription('Confira este valor');
  const valor = dialog.getByLabel('Valor (R$)');
  await expect(valor).not.toHaveValue('');
  await expect(valor).toHaveAccessibleDescription('Confira este valor');
  // Once the technician corrects the value, its mark goes.
  await valor.fill('800,00');
  await expect(valor).not.toHaveAccessibleDescription('Confira este valor');
  await expect(data).toHaveAccessibleDescription('Confira este valor');
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('[TEC] takes the receipt photo on the camera screen and sees the value in R$ in Visualizar', async ({ page, admin }) => {
    test.setTimeout(150_000);
    const { order, card } = await technicianOnNewOrder(page, admin, 'Despesa com foto da câmera');
    await admin.dispose();

    await openAction(card, 'Add Despesas');
    const dialog = page.getByRole('dialog', { name: 'Lançamento de Despesas' });
    await dialog.getByRole('button', { name: 'Abrir câmera' }).click();
    const camera = dialog.getByRole('region', { name: 'Câmera' });
    await waitForCamera(camera);
    await camera.getByRole('button', { name: 'Capturar' }).click();
    await camera.getByRole('button', { name: 'Usar foto' }).click();
    await expect(page.getByText('Foto capturada!')).toBeVisible();
    await expect(camera).toBeHidden();
    // In the form exactly as a chosen file: shown, named, and read on the server.
    await expect(dialog.getByRole('img', { name: 'Comprovante escolhido' })).toBeVisible();
    await expect(dialog.getByText(`comprovante${order.id}.jpg`)).toBeVisible();
    await expect(dialog.getByText('Processando OCR…')).toBeHidden({ timeout: 90_000 });

    await fillExpense(dialog, { data: '2026-11-22', docnr: '98765', valor: '1234,56' });
    const { view, despesas } = await saveAndView(page, dialog, card, 'Hospedagem', 'Hotel da equipe durante a manutenção');
    await expect(despesas.getByRole('img', { name: 'Comprovante 98765' })).toBeVisible();
    const valor = despesas.getByRole('textbox', { name: 'Valor' });
    await expect(valor).toHaveValue('R$ 1.234,56');
    await expect(view.getByText('Total: R$ 1.234,56')).toBeVisible();

    // Editing shows the raw text; Enter saves and the cell is formatted again.
    await valor.click();
    await expect(valor).toHaveValue('1234,56');
    await valor.fill('1300');
    await valor.press('Enter');
    await expect(valor).toHaveValue('R$ 1.300,00');
    await expect(view.getByText('Total: R$ 1.300,00')).toBeVisible();
    // Escape cancels the typed value.
    await valor.click();
    await valor.fill('99');
    await valor.press('Escape');
    await expect(valor).toHaveValue('1300,00');
    await valor.blur();
    await expect(valor).toHaveValue('R$ 1.300,00');
    await expect(view).toBeVisible();
  });
});
