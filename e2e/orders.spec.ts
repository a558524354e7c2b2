import { expect, type Page, test } from '@playwright/test';
import { createOrder } from './support/api';
import { ADMIN, STANDARD_USER, signIn, TEC } from './support/session';

// The machine is shared: give each journey room beyond the 30 s default.
test.describe.configure({ timeout: 60_000 });

const table = (page: Page) => page.getByRole('table', { name: 'Gestão de Ordens de Serviço' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

async function openOrders(page: Page) {
  await page.goto('/os');
  await expect(page.getByRole('heading', { name: 'Gestão de Ordens de Serviço' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
}

test('[ADMIN] creates, finds, filters, edits and deletes an order', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  await openOrders(page);
  await expect(page).toHaveTitle('Ordem de Serviços · OS');

  // docs/rules.md#validation: without cliente and data nothing is sent.
  await page.getByRole('button', { name: '+ Nova OS' }).click();
  const modal = page.getByRole('dialog', { name: 'Nova OS' });
  await expect(modal).toBeVisible();
  // The first field takes the focus, not the close button (docs/rules.md#daily-use).
  await expect(modal.getByLabel('Data')).toBeFocused();
  await modal.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('Preencha os campos obrigatórios.')).toBeVisible();
  await expect(modal).toBeVisible();

  // The technician starts empty and is required like Cliente and Data.
  await expect(modal.getByLabel('Técnico')).toHaveValue('');
  await modal.getByLabel('Data').fill('2026-03-15');
  await modal.getByLabel(/^Cliente\*?$/).selectOption({ label: 'Hospital São Lucas' });
  await expect(modal.getByLabel('Cidade')).toHaveValue('Curitiba');
  await modal.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('Preencha os campos obrigatórios.').last()).toBeVisible();
  await expect(modal).toBeVisible();
  await modal.getByLabel('Responsavel').fill('Dr. Paulo E2E');
  await modal.getByLabel('Técnico').selectOption({ label: 'Maria Oliveira' });
  await modal.getByLabel('Equipamento', { exact: true }).fill('Gerador 500 kVA');
  await modal.getByLabel('Nr Peça').fill('PC-E2E');
  await modal.getByLabel('Nr Serie').fill('SN-E2E');
  await modal.getByLabel('Motivo').fill('Teste de ponta a ponta');
  await modal.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('OS criada com sucesso!')).toBeVisible();
  await expect(modal).toBeHidden();

  // Search by client (debounced, on the server): the new row, its responsible person under the client.
  await page.getByPlaceholder('Buscar por cliente ou número').fill('hospital são');
  const row = bodyRows(page).filter({ hasText: 'Dr. Paulo E2E' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Maria Oliveira');
  await expect(row).toContainText('15/03/2026');
  await expect(row.getByText('Aberto', { exact: true })).toBeVisible();
  const numero = ((await row.locator('td').first().textContent()) ?? '').trim();
  expect(numero).toMatch(/^\d{5}$/);

  // Search by the padded number.
  await page.getByPlaceholder('Buscar por cliente ou número').fill(numero);
  await expect(bodyRows(page).filter({ hasText: 'Dr. Paulo E2E' })).toHaveCount(1);
  await expect
    .poll(async () =>
      (await bodyRows(page).locator('td:first-child').allInnerTexts()).every((n) => n.includes(String(Number(numero)))),
    )
    .toBe(true);

  // Filter by status: only 'Em andamento' badges.
  await page.getByPlaceholder('Buscar por cliente ou número').fill('');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Em andamento' });
  await expect(bodyRows(page).first()).toContainText('Em andamento');
  await expect
    .poll(async () => [...new Set((await bodyRows(page).locator('td:nth-child(6)').allInnerTexts()).map((s) => s.trim()))])
    .toEqual(['Em andamento']);
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Todos os Status' });

  // Edit: the modal carries the padded number; the history shows the change.
  await page.getByPlaceholder('Buscar por cliente ou número').fill(numero);
  await page.getByRole('button', { name: `Editar OS ${numero}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar OS ${numero}` });
  await expect(edit.getByLabel('Número')).toHaveValue(numero);
  await expect(edit.getByLabel('Data')).toHaveValue('2026-03-15');
  await edit.getByLabel('Status').selectOption({ label: 'Em andamento' });
  await edit.getByLabel('Motivo').fill('Troca de disjuntor');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('OS alterada com sucesso!')).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: 'Dr. Paulo E2E' }).getByText('Em andamento')).toBeVisible();

  await page.getByRole('button', { name: `Editar OS ${numero}` }).click();
  const history = page.getByRole('dialog', { name: `Editar OS ${numero}` }).getByRole('region', { name: 'Histórico' });
  await expect(history.getByText('Alteração')).toBeVisible();
  await expect(history.getByText('Status: Aberto → Em andamento')).toBeVisible();
  await expect(history.getByText('Criação')).toBeVisible();
  await page
    .getByRole('dialog', { name: `Editar OS ${numero}` })
    .getByRole('button', { name: 'Cancelar' })
    .click();

  // Delete with confirmation; an order without records asks once.
  await page.getByRole('button', { name: `Excluir OS ${numero}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Tem certeza que deseja excluir esta OS?');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('OS excluída com sucesso!')).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: 'Dr. Paulo E2E' })).toHaveCount(0);
});

test('[ADMIN] deleting an order with records asks a second confirmation naming them', async ({ page }) => {
  await signIn(page, ADMIN);
  await openOrders(page);
  // Demo order 00022 is in Andamento with an outbound trip, a service day and a description; no other
  // journey touches it (journeys run in parallel on one server, and some add records to new orders).
  const numero = '00022';
  await page.getByPlaceholder('Buscar por cliente ou número').fill('22');
  await expect(bodyRows(page).filter({ hasText: numero })).toContainText('Em andamento');
  await page.getByRole('button', { name: `Excluir OS ${numero}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  const second = page.getByRole('alertdialog');
  await expect(second).toContainText('Esta OS possui 3 registros');
  await second.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(bodyRows(page).filter({ hasText: numero })).toHaveCount(1);
});

test("[ADMIN] the office e-mail's link /os?abrir=ID opens that order in 'Editar OS'", async ({ page }) => {
  await signIn(page, ADMIN);
  const order = await createOrder(page.request, { responsavel: 'Contestação E2E', motivo: 'Revisar a OS' });
  await page.goto(`/os?abrir=${order.id}`);
  const modal = page.getByRole('dialog', { name: 'Editar OS' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Responsavel')).toHaveValue('Contestação E2E');
  // Closed, it leaves the list, and it does not open again by itself.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Gestão de Ordens de Serviço' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('[TEC] sees only their own orders, read-only', async ({ page }) => {
  await signIn(page, TEC);
  await openOrders(page);
  await expect(page.getByRole('button', { name: '+ Nova OS' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar OS/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Excluir OS/ })).toHaveCount(0);
  const technicians = await bodyRows(page).locator('td:nth-child(5)').allInnerTexts();
  expect(technicians.length).toBeGreaterThan(0);
  expect(new Set(technicians)).toEqual(new Set(['João da Silva']));
});

test('[USER] creates and edits orders but cannot delete them', async ({ page }) => {
  await signIn(page, STANDARD_USER);
  await openOrders(page);
  await expect(page.getByRole('button', { name: '+ Nova OS' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Editar OS/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Excluir OS/ })).toHaveCount(0);
  // The technician starts empty, and only technicians are offered, never the signed-in clerk.
  await page.getByRole('button', { name: '+ Nova OS' }).click();
  const technician = page.getByRole('dialog', { name: 'Nova OS' }).getByLabel('Técnico');
  await expect(technician).toHaveValue('');
  await expect(technician.locator('option', { hasText: 'João da Silva' })).toHaveCount(1);
  await expect(technician.locator('option', { hasText: 'Ana Souza' })).toHaveCount(0);
});
