import { expect, type Locator, type Page, test } from '@playwright/test';
import { drawSignature, openAction, PHOTO_PNG, waitForCamera } from './support/field';
import { FAKE_CAMERA, signIn, TEC } from './support/session';

// A phone (360x740) with Chromium's fake camera that needs no permission prompt.
test.use({ ...FAKE_CAMERA, viewport: { width: 360, height: 740 }, hasTouch: false });

// Demo data (DEMO_DATA=1): OS 00013 is joao's and Aberto.
const ORDER = 'OS 00013';

const shots = process.env.SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

function card(page: Page): Locator {
  return page.getByRole('article', { name: ORDER });
}

const openCardAction = (page: Page, action: string) => openAction(card(page), action);

const todayBr = () => new Date().toLocaleDateString('pt-BR');

test('[TEC] logs a day on an order at 360 px until it is Concluído', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, TEC);

  // Lançamentos through the phone menu.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Lançamentos' }).click();
  await expect(page).toHaveURL('/service-orders');
  await expect(page.getByRole('heading', { name: 'Ordens de Serviço' })).toBeVisible();
  await expect(card(page).getByText('Aberto')).toBeVisible();
  await snap(page, 'cards');

  // Outbound trip: the duration is derived; saving moves the order to Andamento and locks the tab.
  await openCardAction(page, 'Add Timesheet');
  const timesheet = page.getByRole('dialog', { name: 'Lacamento de Horas e Kilometragem' });
  await expect(timesheet.getByText(/OS 00013/)).toBeVisible();
  // Km without times: the tab's fill-in message, not a complaint about a negative trip.
  const km = timesheet.getByRole('textbox', { name: 'Km', exact: true });
  await km.fill('120,5');
  await timesheet.getByRole('button', { name: 'Salvar Viagem Ida' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Preencha todos os dados do Formulário...');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await km.fill('');
  await timesheet.getByLabel('Saída', { exact: true }).fill('07:00');
  await timesheet.getByLabel('Chegada', { exact: true }).fill('09:15');
  await expect(timesheet.getByLabel('Duração', { exact: true })).toHaveValue('02:15');
  await timesheet.getByRole('button', { name: 'Salvar Viagem Ida' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Preencha todos os dados do Formulário...');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await km.fill('120,5');
  await timesheet.getByRole('button', { name: 'Salvar Viagem Ida' }).click();
  await expect(page.getByText('Dados da Viagem de Ida salvos com sucesso...')).toBeVisible();
  // On the phone the toast shows at the top, never over the form's button (docs/rules.md#daily-use).
  const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
  const saveBox = (await timesheet.getByRole('button', { name: 'Salvar Viagem Ida' }).boundingBox())!;
  expect(toastBox.y + toastBox.height <= saveBox.y || saveBox.y + saveBox.height <= toastBox.y).toBe(true);
  await expect(timesheet.getByText('A OS está em andamento: a edição da Viagem de Ida está bloqueada.')).toBeVisible();
  await expect(timesheet.getByRole('button', { name: 'Salvar Viagem Ida' })).toBeDisabled();
  // The tab lists what was saved (docs/rules.md#daily-use).
  const savedIda = timesheet.getByRole('region', { name: 'Viagens de ida salvas' });
  await expect(savedIda).toContainText('07:00–09:15');
  await expect(savedIda).toContainText('120,5 km');
  await snap(page, 'timesheet-locked');

  // Service day: exit - entry - break.
  await timesheet.getByRole('tab', { name: 'Entrada/Saída Serviço' }).click();
  await timesheet.getByLabel('Entrada', { exact: true }).fill('09:30');
  await timesheet.getByLabel('Saída', { exact: true }).fill('18:00');
  await timesheet.getByLabel('Intervalo (horas)').fill('1');
  await expect(timesheet.getByLabel('Duração', { exact: true })).toHaveValue('07:30');
  await timesheet.getByRole('button', { name: 'Salvar Serviço' }).click();
  await expect(page.getByText('Dados do Serviço salvos com sucesso...')).toBeVisible();
  // A second service entry on the same day (the form is cleared once the first is saved).
  await expect(timesheet.getByLabel('Entrada', { exact: true })).toHaveValue('');
  await timesheet.getByLabel('Entrada', { exact: true }).fill('19:00');
  await timesheet.getByLabel('Saída', { exact: true }).fill('20:00');
  await timesheet.getByLabel('Intervalo (horas)').fill('0');
  await expect(timesheet.getByLabel('Duração', { exact: true })).toHaveValue('01:00');
  await timesheet.getByRole('button', { name: 'Salvar Serviço' }).click();
  await expect(timesheet.getByLabel('Entrada', { exact: true })).toHaveValue('');
  const savedServices = timesheet.getByRole('region', { name: 'Serviços salvos' });
  await expect(savedServices.getByRole('listitem')).toHaveCount(2);
  await expect(savedServices).toContainText('09:30–18:00');
  await expect(savedServices).toContainText('19:00–20:00');
  await page.keyboard.press('Escape');
  await expect(timesheet).toBeHidden();
  await expect(card(page).getByText('Em andamento').first()).toBeVisible();

  // A description with a photo file.
  await openCardAction(page, 'Add Descrição');
  let description = page.getByRole('dialog', { name: 'Descrição da Atividade' });
  await description.getByRole('button', { name: 'Salvar Descrição' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Preencha uma data e uma descrição.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await description.getByLabel('Descrição detalhada').fill('Troca do disjuntor principal e testes de isolamento.');
  await description.getByLabel('Escolher foto').setInputFiles({ name: 'placa.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expect(description.getByRole('img', { name: 'Foto da atividade' })).toBeVisible();
  await description.getByRole('button', { name: 'Salvar Descrição' }).click();
  await expect(page.getByText('Descrição e imagem salvas com sucesso!')).toBeVisible();
  await expect(description).toBeHidden();

  // A description with a photo from the (fake) camera.
  await openCardAction(page, 'Add Descrição');
  description = page.getByRole('dialog', { name: 'Descrição da Atividade' });
  await description.getByLabel('Descrição detalhada').fill('Foto do painel após a manutenção.');
  await description.getByRole('button', { name: 'Abrir câmera' }).click();
  const camera = description.getByRole('region', { name: 'Câmera' });
  await waitForCamera(camera);
  await camera.getByRole('button', { name: 'Pausar' }).click();
  await camera.getByRole('button', { name: 'Continuar' }).click();
  await camera.getByRole('button', { name: 'Capturar' }).click();
  await camera.getByRole('button', { name: 'Descartar' }).click();
  await waitForCamera(camera);
  await camera.getByRole('button', { name: 'Capturar' }).click();
  await snap(page, 'camera-shot');
  await camera.getByRole('button', { name: 'Usar foto' }).click();
  await expect(page.getByText('Foto capturada!')).toBeVisible();
  await expect(page.getByText('A imagem foi adicionada ao formulário.')).toBeVisible();
  await description.getByRole('button', { name: 'Salvar Descrição' }).click();
  await expect(page.getByText('Descrição e imagem salvas com sucesso!').first()).toBeVisible();
  await expect(description).toBeHidden();

  // The customer signs; the save button appears only after drawing.
  await openCardAction(page, 'Assinar');
  const signature = page.getByRole('dialog', { name: 'Assinar OS' });
  await expect(signature.getByRole('button', { name: 'Salvar Assinatura' })).toHaveCount(0);
  await drawSignature(page, signature.getByLabel('Área de assinatura'));
  await expect(signature.getByText('Assinatura detectada')).toBeVisible();
  await snap(page, 'signature');
  await signature.getByRole('button', { name: 'Salvar Assinatura' }).click();
  await expect(page.getByText('Assinatura salva!')).toBeVisible();
  await expect(signature).toBeHidden();

  // The full record; a service row edited inline and saved with Enter.
  await openCardAction(page, 'Visualizar');
  const view = page.getByRole('dialog', { name: 'Ordem de Serviço' });
  await expect(view.getByRole('heading', { name: 'Dados de Tempo' })).toBeVisible();
  await expect(view.getByRole('table', { name: 'Viagem Ida' })).toContainText('02:15');
  // Both service entries of the day show in the full timesheet card.
  const fullDay = view.getByRole('article', { name: `Registro completo ${todayBr()}` });
  await expect(fullDay).toContainText('Serviço 1');
  await expect(fullDay).toContainText('07:30');
  await expect(fullDay).toContainText('Serviço 2');
  await expect(fullDay).toContainText('19:00');
  await expect(fullDay).toContainText('01:00');
  await expect(view.getByRole('img', { name: 'Foto da atividade' })).toHaveCount(2);
  await expect(view.getByRole('img', { name: 'Assinatura do cliente' })).toBeVisible();
  await expect
    .poll(() => view.getByRole('img', { name: 'Assinatura do cliente' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(600);
  const services = view.getByRole('table', { name: 'Serviços', exact: true });
  // Edits today's first service row: types a Saída and presses a key.
  const editSaida = async (saida: string, key: string) => {
    await services
      .getByRole('button', { name: `Editar serviço de ${todayBr()}` })
      .first()
      .click();
    await services.getByLabel('Saída', { exact: true }).fill(saida);
    await services.getByLabel('Saída', { exact: true }).press(key);
  };
  await editSaida('17:00', 'Enter');
  await expect(services.getByRole('row').nth(1)).toContainText('06:30');
  await expect(services.getByLabel('Saída', { exact: true })).toHaveCount(0);
  // Escape while editing a row cancels that edit; the view stays open.
  await editSaida('18:00', 'Escape');
  await expect(services.getByLabel('Saída', { exact: true })).toHaveCount(0);
  await expect(view).toBeVisible();
  await expect(services.getByRole('row').nth(1)).toContainText('06:30');
  await snap(page, 'view');
  await view.getByRole('button', { name: 'Fechar' }).click();
  // Saved on the server: opening again shows the new duration.
  await openCardAction(page, 'Visualizar');
  await expect(
    page.getByRole('dialog', { name: 'Ordem de Serviço' }).getByRole('table', { name: 'Serviços', exact: true }),
  ).toContainText('17:00');
  await page.keyboard.press('Escape');

  // The return trip of a signed order completes it: it leaves the list.
  await openCardAction(page, 'Add Timesheet');
  await timesheet.getByRole('tab', { name: 'Viagem Volta' }).click();
  await expect(timesheet.getByLabel('Tempo de Espera', { exact: true })).toHaveValue('00:00');
  await timesheet.getByLabel('Saída', { exact: true }).fill('23:00');
  await timesheet.getByLabel('Chegada', { exact: true }).fill('01:30');
  await timesheet.getByLabel('Tempo de Espera', { exact: true }).fill('00:30');
  await expect(timesheet.getByLabel('Duração', { exact: true })).toHaveValue('02:00');
  await timesheet.getByRole('textbox', { name: 'Km', exact: true }).fill('118');
  await timesheet.getByRole('button', { name: 'Salvar Viagem Volta' }).click();
  await expect(page.getByText('Dados da Viagem de Volta salvos com sucesso...')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);
  // It does not vanish without a word (docs/rules.md#daily-use).
  await expect(page.getByText('OS 00013 concluída.')).toBeVisible();
});
