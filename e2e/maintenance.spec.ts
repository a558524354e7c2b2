import { addDays, businessToday, type Equipment, type EquipmentHistoryEntry, formatDate } from '@os/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cnpjFor, createClient, signInByApi } from './support/api';
import { ADMIN, STANDARD_USER } from './support/session';

/** A tag unique to this attempt, so a retry on the shared e2e database never meets the first attempt's rows. */
const tagOf = () => `M${Date.now().toString(36).toUpperCase()}${test.info().retry}`;
const today = () => businessToday();

/** As the admin: a client with three planned machines, one overdue, one due in 10 days, one in 90. */
async function plannedMachines(page: Page, tag: string, cnpjSeed: number) {
  await signInByApi(page, ADMIN);
  const client = await createClient(page.request, { razao: `Usina ${tag}`, cnpj: cnpjFor(cnpjSeed % 9_000_000, '4') });
  const make = async (request: APIRequestContext, tipo: string, proximaManutencao: string) => {
    const res = await request.post('/api/equipamentos', {
      data: {
        clienteId: client.id,
        tipo,
        fabricante: 'WEG',
        modelo: tag,
        numeroSerie: `${tipo}-${tag}`,
        periodicidadeMeses: 6,
        proximaManutencao,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Equipment;
  };
  const late = await make(page.request, 'Transformador', addDays(today(), -12));
  const soon = await make(page.request, 'Inversor', addDays(today(), 10));
  const far = await make(page.request, 'Gerador', addDays(today(), 90));
  return { client, late, soon, far };
}

const dueRows = (page: Page, tag: string) =>
  page.getByRole('table', { name: 'Manutenções Previstas' }).locator('tbody tr', { hasText: tag });

test('[USER] generates the due preventive orders from Manutenções Previstas', async ({ page }) => {
  const tag = tagOf();
  const { late, soon, far } = await plannedMachines(page, tag, Date.now());
  await page.request.post('/api/auth/logout');
  await signInByApi(page, STANDARD_USER);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Manutenções Previstas' }).click();
  await expect(page).toHaveURL('/manutencoes');
  await expect(page.getByRole('heading', { name: 'Manutenções Previstas' })).toBeVisible();
  await page.getByLabel('Até').fill(addDays(today(), 15));

  // Due by then: the overdue one first, marked; the one due in 90 days is not listed.
  const rows = dueRows(page, tag);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Transformador WEG ${tag}`);
  await expect(rows.nth(0)).toContainText('Atrasada');
  await expect(rows.nth(0)).toContainText(formatDate(late.proximaManutencao));
  await expect(rows.nth(1)).toContainText(`Inversor WEG ${tag}`);
  await expect(rows.nth(1)).not.toContainText('Atrasada');
  await expect(page.getByRole('table', { name: 'Manutenções Previstas' })).not.toContainText(far.numeroSerie);

  await page.getByLabel(`Selecionar Transformador WEG ${tag} ${late.numeroSerie}`).check();
  await page.getByLabel(`Selecionar Inversor WEG ${tag} ${soon.numeroSerie}`).check();
  await expect(page.getByText('2 equipamento(s) selecionado(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Gerar OS' }).click();
  await expect(page.getByText(/^2 OS geradas com sucesso: \d{5}, \d{5}\.$/)).toBeVisible();

  // Each row now names its open preventive order and offers no checkbox.
  await expect(rows.nth(0)).toContainText(/OS \d{5} aberta/);
  await expect(rows.nth(1)).toContainText(/OS \d{5} aberta/);
  await expect(page.getByLabel(`Selecionar Transformador WEG ${tag} ${late.numeroSerie}`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gerar OS' })).toBeDisabled();

  // The orders are the machines' own: in each history, an Aberto 'Manutenção preventiva' on its due day.
  for (const e of [late, soon]) {
    const history = (await (await page.request.get(`/api/equipamentos/${e.id}/historico`)).json()) as EquipmentHistoryEntry[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ motivo: 'Manutenção preventiva', status: 'Aberto', data: e.proximaManutencao });
  }
  await page.goto(`/equipamentos/${late.id}`);
  await expect(page.getByRole('list', { name: 'Histórico de atendimentos' })).toContainText('Manutenção preventiva');
});

test('[ADMIN] on a 360 px phone: the dashboard counts the overdue visits and leads to the list; labels print', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const tag = tagOf();
  const { late } = await plannedMachines(page, tag, Date.now() + 13);

  await page.goto('/dashboard');
  const card = page.getByRole('link', { name: /Manutenções preventivas atrasadas/ });
  await expect(card).toContainText(/[1-9]\d*/);
  await card.click();
  await expect(page).toHaveURL('/manutencoes');
  const row = dueRows(page, tag).first();
  await expect(row).toContainText('Atrasada');
  await expect(page.getByLabel(`Selecionar Transformador WEG ${tag} ${late.numeroSerie}`)).toBeVisible();
  // Cards, not a table wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto(`/equipamentos/${late.id}`);
  const label = page.getByRole('link', { name: 'Imprimir etiqueta' });
  await expect(label).toHaveAttribute('href', `/api/equipamentos/${late.id}/etiqueta`);
  const pdf = await page.request.get(`/api/equipamentos/${late.id}/etiqueta`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
