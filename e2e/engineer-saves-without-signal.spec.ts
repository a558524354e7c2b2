import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/admin-test';
import {
  drawSignature,
  goOfflineReady,
  openAction,
  saveDescriptionWithPhoto,
  saveTrip,
  technicianOnNewOrder,
} from './support/field';

// A phone (360x740), as in the field.
test.use({ viewport: { width: 360, height: 740 } });

const KEPT = 'Sem conexão: lançamento guardado no aparelho e marcado como Pendente.';
/** What is said only once the server has the entry. */
const SUCCESSES = [/salvos com sucesso/, /salvas com sucesso/, 'Assinatura salva!', 'Cadastrado realizado com sucesso!'];

async function expectNoSuccess(page: Page) {
  for (const text of SUCCESSES) await expect(page.getByText(text)).toHaveCount(0);
}

/** The box of `locator` once the modal stopped sliding in (two reads 100 ms apart agree). */
async function settledBox(page: Page, locator: Locator) {
  let box = await locator.boundingBox();
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(100);
    const next = await locator.boundingBox();
    if (box && next && next.x === box.x && next.y === box.y && next.height === box.height) return next;
    box = next;
  }
  throw new Error('the signature pad never stopped moving');
}

test('[TEC] an entry saved without signal says it waits on the phone, never that it was saved', async ({
  page,
  context,
  admin,
}) => {
  test.setTimeout(90_000);
  const { card } = await technicianOnNewOrder(page, admin, 'Salvo sem sinal');
  await goOfflineReady(page, context, card);

  await openAction(card, 'Add Timesheet');
  const timesheet = page.getByRole('dialog', { name: 'Lacamento de Horas e Kilometragem' });
  await saveTrip(timesheet, '07:00', '09:00', 'Salvar Viagem Ida');
  await expect(page.getByText(KEPT)).toBeVisible();
  await expect(page.getByText('1 pendente', { exact: true })).toBeVisible();
  await expectNoSuccess(page);
  await page.keyboard.press('Escape');

  await saveDescriptionWithPhoto(page, card, 'Troca do disjuntor, sem sinal na casa de máquinas.', 'disjuntor.png');
  await expect(page.getByText('2 pendentes', { exact: true })).toBeVisible();
  await expect(page.getByText(KEPT).first()).toBeVisible();
  await expectNoSuccess(page);

  await openAction(card, 'Assinar');
  const signature = page.getByRole('dialog', { name: 'Assinar OS' });
  await drawSignature(page, signature.getByLabel('Área de assinatura'));
  await signature.getByRole('button', { name: 'Salvar Assinatura' }).click();
  await expect(page.getByText('3 pendentes', { exact: true })).toBeVisible();
  await expect(page.getByText(KEPT).first()).toBeVisible();
  await expectNoSuccess(page);
});

test('[TEC] the signature pad stays put under the finger when the save button appears', async ({ page, admin }) => {
  const { card } = await technicianOnNewOrder(page, admin, 'Assinatura parada');
  await openAction(card, 'Assinar');
  const signature = page.getByRole('dialog', { name: 'Assinar OS' });
  const pad = signature.getByLabel('Área de assinatura');
  await expect(signature.getByRole('button', { name: 'Salvar Assinatura' })).toHaveCount(0);
  const before = await settledBox(page, pad);

  await drawSignature(page, pad);
  await expect(signature.getByText('Assinatura detectada')).toBeVisible();
  await expect(signature.getByRole('button', { name: 'Salvar Assinatura' })).toBeVisible();
  const after = (await pad.boundingBox())!;
  expect(after).toEqual(before);
});
