import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { newTechnicianOrder } from './api';
import { signIn, TEC } from './session';

/** A 2x2 PNG, as a photo file chosen on the phone. */
export const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens an action of an order card ('Add Timesheet', 'Visualizar', ...), expanding the card first on a phone. */
export async function openAction(card: Locator, name: string) {
  // The card drawn first: `isVisible` does not wait, and a list still loading would leave the card collapsed.
  await expect(card).toBeVisible();
  const toggle = card.getByRole('button', { name: 'Expandir' });
  if (await toggle.isVisible()) await toggle.click();
  await card.getByRole('button', { name }).click();
}

/** 'Add Descrição' on the card: the text and a PNG photo chosen with 'Escolher foto', saved; the dialog. */
export async function saveDescriptionWithPhoto(page: Page, card: Locator, text: string, photoName: string) {
  await openAction(card, 'Add Descrição');
  const description = page.getByRole('dialog', { name: 'Descrição da Atividade' });
  await description.getByLabel('Descrição detalhada').fill(text);
  await description.getByLabel('Escolher foto').setInputFiles({ name: photoName, mimeType: 'image/png', buffer: PHOTO_PNG });
  await description.getByRole('button', { name: 'Salvar Descrição' }).click();
  return description;
}

/** Waits until the camera screen's (fake) preview shows frames. */
export async function waitForCamera(camera: Locator) {
  await expect
    .poll(() => camera.getByTestId('camera-preview').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
}

/**
 * A fresh Aberto order of joao's made by the admin through the API (the demo orders belong to other
 * journeys); joao signed in on /service-orders with its card shown.
 */
export async function technicianOnNewOrder(page: Page, admin: APIRequestContext, motivo: string) {
  const order = await newTechnicianOrder(admin, motivo);
  await signIn(page, TEC);
  await page.goto('/service-orders');
  const card = page.getByRole('article', { name: `OS ${String(order.numero).padStart(5, '0')}` });
  await expect(card).toBeVisible();
  return { order, card };
}

/** Fills the given fields of the expense form ('Lançamento de Despesas'), in the form's order. */
export async function fillExpense(
  dialog: Locator,
  fields: { data?: string; docnr?: string; valor?: string; tipo?: string; descricao?: string },
) {
  if (fields.data) await dialog.getByLabel('Data').fill(fields.data);
  if (fields.docnr) await dialog.getByLabel('Nº Documento').fill(fields.docnr);
  if (fields.valor) await dialog.getByLabel('Valor (R$)').fill(fields.valor);
  if (fields.tipo) await dialog.getByLabel('Tipo de Despesa').selectOption(fields.tipo);
  if (fields.descricao) await dialog.getByLabel('Descrição').fill(fields.descricao);
}

/** Fills the open tab's Saída, Chegada and Km (the outbound or return trip) and presses its save button. */
export async function saveTrip(timesheet: Locator, saida: string, chegada: string, button: string) {
  await timesheet.getByLabel('Saída', { exact: true }).fill(saida);
  await timesheet.getByLabel('Chegada', { exact: true }).fill(chegada);
  await timesheet.getByRole('textbox', { name: 'Km', exact: true }).fill('100');
  await timesheet.getByRole('button', { name: button }).click();
}

/**
 * Opens the camera on both photo forms of the order card (the description and the expense receipt), sees
 * it fail with `message` (never the browser's English), and chooses a photo with 'Escolher foto' instead
 * (docs/rules.md#daily-use).
 */
export async function expectChooserAfterCameraFails(page: Page, card: Locator, message: string) {
  await openAction(card, 'Add Descrição');
  const description = page.getByRole('dialog', { name: 'Descrição da Atividade' });
  await description.getByRole('button', { name: 'Abrir câmera' }).click();
  const camera = description.getByRole('region', { name: 'Câmera' });
  await expect(camera.getByRole('alert')).toHaveText(message);
  await expect(page.getByText(/Requested device|Permission denied|NotFound|NotAllowed/)).toHaveCount(0);
  const choose = description.getByLabel('Escolher foto');
  await expect(description.getByText('Escolher foto', { exact: true })).toBeInViewport();
  await choose.setInputFiles({ name: 'rele.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expect(description.getByRole('img', { name: 'Foto da atividade' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(description).toBeHidden();

  await openAction(card, 'Add Despesas');
  const expense = page.getByRole('dialog', { name: 'Lançamento de Despesas' });
  await expense.getByRole('button', { name: 'Abrir câmera' }).click();
  await expect(expense.getByRole('region', { name: 'Câmera' }).getByRole('alert')).toHaveText(message);
  await expect(expense.getByText('Escolher foto', { exact: true })).toBeVisible();
  await expense.getByLabel('Foto do comprovante').setInputFiles({ name: 'cupom.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expect(expense.getByRole('img', { name: 'Comprovante escolhido' })).toBeVisible();
}

/**
 * Online once, so that the expense types are kept on the phone and the service worker controls the page;
 * then the signal goes and the offline bar says so.
 */
export async function goOfflineReady(page: Page, context: BrowserContext, card: Locator) {
  await openAction(card, 'Add Despesas');
  await expect(page.getByRole('dialog', { name: 'Lançamento de Despesas' }).getByLabel('Tipo de Despesa')).toContainText(
    'Alimentação',
  );
  await page.keyboard.press('Escape');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
}

/** Signs on the pad: one zigzag stroke from its left towards its right. */
export async function drawSignature(page: Page, pad: Locator) {
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? 20 : -20), { steps: 2 });
  await page.mouse.up();
}
