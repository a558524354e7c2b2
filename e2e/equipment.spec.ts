import { expect, type Page, test } from '@playwright/test';
import { cnpjFor, createClient, signInByApi } from './support/api';
import { ADMIN, STANDARD_USER } from './support/session';

/** A tag unique to this attempt, so a retry on the shared e2e database never meets the first attempt's rows. */
const tagOf = () => `E${Date.now().toString(36).toUpperCase()}${test.info().retry}`;
const rows = (page: Page) => page.getByRole('table', { name: 'Equipamentos' }).locator('tbody tr');

test('[ADMIN] registers an equipment, is told what is wrong, finds it by its serial and by its client', async ({ page }) => {
  const tag = tagOf();
  await signInByApi(page, ADMIN);
  const client = await createClient(page.request, { razao: `Usina ${tag}`, cnpj: cnpjFor(Date.now() % 9_000_000, '6') });

  await page.goto('/equipamentos');
  await expect(page.getByRole('heading', { name: 'Gestão de Equipamentos' })).toBeVisible();
  await page.getByRole('button', { name: '+ Novo Equipamento' }).click();
  const modal = page.getByRole('dialog', { name: 'Novo Equipamento' });
  await modal.getByLabel(/^Cliente\*?$/).selectOption({ label: `Usina ${tag}` });
  await modal.getByLabel('Tipo').fill('Inversor');
  await modal.getByLabel('Número de série').fill(`SN-${tag}`);
  await modal.getByLabel('Periodicidade (meses)').fill('200');
  await modal.getByRole('button', { name: 'Criar' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert.getByText('Periodicidade: informe um número inteiro de meses entre 1 e 120, ou deixe vazio.')).toBeVisible();
  await alert.getByRole('button').first().click();
  // The dialog closed, the cursor is in the field to correct (and typing elsewhere now goes where it is meant to).
  await expect(modal.getByLabel('Periodicidade (meses)')).toBeFocused();

  await modal.getByLabel('Fabricante').fill('WEG');
  await modal.getByLabel('Modelo').fill('SIW500H');
  await modal.getByLabel('Data de instalação').fill('2026-01-15');
  await modal.getByLabel('Periodicidade (meses)').fill('6');
  await modal.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('Equipamento salvo com sucesso.')).toBeVisible();
  await expect(modal).toBeHidden();

  await page.getByLabel('Buscar equipamento').fill(`sn-${tag.toLowerCase()}`);
  await expect(page.getByText('Equipamentos encontrados: 1')).toBeVisible();
  await expect(rows(page).first()).toContainText('Inversor WEG SIW500H');
  // The next preventive visit: installation + 6 months.
  await expect(rows(page).first()).toContainText('15/07/2026');

  await page.getByLabel('Buscar equipamento').fill('');
  await page.getByLabel(/^Cliente\*?$/).selectOption(String(client.id));
  await expect(page.getByText('Equipamentos encontrados: 1')).toBeVisible();
  await expect(rows(page).first()).toContainText(`SN-${tag}`);
});

test('[USER] reads the register but cannot change it', async ({ page }) => {
  await signInByApi(page, STANDARD_USER);
  await page.goto('/equipamentos');
  await expect(page.getByRole('heading', { name: 'Gestão de Equipamentos' })).toBeVisible();
  await expect(page.getByText(/Equipamentos encontrados: \d+/)).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Novo Equipamento' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Excluir / })).toHaveCount(0);
});

test('[USER] opens an order for a registered equipment from its page and sees it in the history', async ({ page }) => {
  const tag = tagOf();
  await signInByApi(page, ADMIN);
  const client = await createClient(page.request, { razao: `Fazenda ${tag}`, cnpj: cnpjFor((Date.now() + 7) % 9_000_000, '5') });
  const res = await page.request.post('/api/equipamentos', {
    data: { clienteId: client.id, tipo: 'Gerador', fabricante: 'Cummins', modelo: 'C150', numeroSerie: `GS-${tag}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const equipment = await res.json();
  await page.request.post('/api/auth/logout');

  await signInByApi(page, STANDARD_USER);
  await page.goto('/equipamentos');
  await page.getByLabel('Buscar equipamento').fill(`GS-${tag}`);
  await page.getByRole('link', { name: 'Gerador Cummins C150' }).click();
  await expect(page).toHaveURL(`/equipamentos/${equipment.id}`);
  await expect(page.getByRole('heading', { name: 'Gerador Cummins C150' })).toBeVisible();
  await expect(page.getByText('Nenhuma OS registrada para este equipamento.')).toBeVisible();

  await page.getByRole('button', { name: 'Nova OS' }).click();
  const modal = page.getByRole('dialog', { name: 'Nova OS' });
  await expect(modal.getByLabel('Equipamento do cliente')).toHaveValue(String(equipment.id));
  await expect(modal.getByLabel('Nr Serie')).toHaveValue(`GS-${tag}`);
  await modal.getByLabel('Data').fill('2026-11-20');
  await modal.getByLabel('Técnico').selectOption({ index: 1 });
  await modal.getByLabel('Motivo').fill(`Gerador não parte ${tag}`);
  await modal.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('OS criada com sucesso!')).toBeVisible();

  const history = page.getByRole('list', { name: 'Histórico de atendimentos' });
  await expect(history.getByText(`Gerador não parte ${tag}`)).toBeVisible();
  await expect(history.getByText(/^OS \d+$/)).toHaveCount(1);
});
