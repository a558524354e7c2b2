import { businessToday, padNumber } from '@os/shared';
import { expect, type Page, test } from '@playwright/test';
import { cnpjFor, createClient } from './support/api';
import { openAction, technicianOnNewOrder } from './support/field';
import { linkInOutbox } from './support/outbox';
import { ADMIN, STANDARD_USER, signIn, TEC } from './support/session';

// A day at the desk (docs/rules.md#daily-use): the frictions people met, one journey each.
test.describe.configure({ timeout: 60_000 });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

test("[USER] 'Nova OS' starts today, takes Responsavel from the client's contact and marks each missing field", async ({
  page,
}) => {
  await signIn(page, STANDARD_USER);
  await page.goto('/os');
  await page.getByRole('button', { name: '+ Nova OS' }).click();
  const modal = page.getByRole('dialog', { name: 'Nova OS' });
  await expect(modal.getByLabel('Data')).toHaveValue(businessToday());

  // Nothing chosen: the spec's message, and each required field marked where it is.
  await modal.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('Preencha os campos obrigatórios.')).toBeVisible();
  for (const field of [/^Cliente\*?$/, /^Técnico\*?$/]) {
    await expect(modal.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(modal.getByText('Campo obrigatório.')).toHaveCount(2);
  await expect(modal.getByLabel('Data')).not.toHaveAttribute('aria-invalid', 'true');

  // The client's contact fills an empty Responsavel (the demo clients' contact).
  await modal.getByLabel(/^Cliente\*?$/).selectOption({ label: 'Hospital São Lucas' });
  await expect(modal.getByLabel('Responsavel')).toHaveValue('Responsável técnico');
  await modal.getByLabel(/^Técnico\*?$/).selectOption({ label: 'João da Silva' });
  await modal.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('OS criada com sucesso!')).toBeVisible();
});

test("[ADMIN] one 'Fechamento' in the menu leads to the closing; no label is cut", async ({ page }) => {
  await signIn(page, ADMIN);
  const fechamento = menu(page).getByRole('link', { name: /Fechamento/ });
  await expect(fechamento).toHaveCount(1);
  await fechamento.click();
  await expect(page).toHaveURL('/pdf');
  await page.getByRole('link', { name: 'Fechar ordens' }).click();
  await expect(page).toHaveURL(/\/fechamento/);

  // Every label fits: its text is not wider than the box that shows it.
  const cut = await menu(page)
    .locator('a span, button span')
    .evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent));
  expect(cut).toEqual([]);
  await expect(menu(page).getByRole('link', { name: 'Manutenções Previstas' })).toBeVisible();
});

test('[USER] the month view opens with today on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, STANDARD_USER);
  const today = businessToday();
  // The last days of a month sit far to the right of the 1st; any day must show.
  await page.goto(`/agenda?vista=mes&dia=${today}`);
  const heading = page.locator('th[aria-current="date"]');
  await expect(heading).toBeVisible();
  await expect(heading).toBeInViewport();
});

test("[TEC] an order not started says no 'Em andamento' end", async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  const { order, card } = await technicianOnNewOrder(page, admin, 'Ainda não iniciada');
  await expect(card.getByRole('heading', { name: `OS ${padNumber(order.numero)}` })).toBeVisible();
  await expect(card.locator('dt', { hasText: 'Término' }).locator('xpath=following-sibling::dd')).toHaveText('—');
  await expect(card.getByText('Em andamento')).toHaveCount(0);
  await admin.dispose();
});

// A 2x2 red PNG: a real image for the request's photos.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test("[PORTAL][TEC] a request's photo reaches the technician's 'Visualizar' of the order it became", async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = `${Date.now() % 1_000_000}`;
  const email = `fotos.${tag}@cliente.example.com`;
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const { id: clientId } = await createClient(admin, { razao: `Fotos ${tag} Ltda`, cnpj: cnpjFor(Number(tag), '5') });
  expect((await admin.post(`/api/clientes/${clientId}/contatos`, { data: { nome: 'Rita Souza', email } })).status()).toBe(201);

  // The contact signs in by the e-mailed link and asks with two photos.
  const portal = await playwright.request.newContext({ baseURL });
  await portal.post('/api/portal/entrar', { data: { email } });
  const link = new URL(await linkInOutbox(email, /https?:\/\/\S+\/portal\/entrar\?token=[\w-]+/));
  expect((await portal.post('/api/portal/sessao', { data: { token: link.searchParams.get('token') } })).ok()).toBeTruthy();
  const asked = await portal.post('/api/portal/solicitacoes', {
    multipart: {
      motivo: `Quadro ${tag} aquecendo`,
      urgencia: 'Média',
      fotos: { name: 'quadro.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const requestId = (await asked.json()).id as number;
  await portal.dispose();

  // The office converts it and gives it to joao.
  const converted = await admin.post(`/api/solicitacoes/${requestId}/gerar-os`);
  expect(converted.status(), await converted.text()).toBe(201);
  const { os } = (await converted.json()) as { os: { id: number; numero: number } };
  expect((await admin.put(`/api/os/${os.id}`, { data: { engenheiro: 'joao' } })).ok()).toBeTruthy();
  await admin.dispose();

  await signIn(page, TEC);
  await page.goto('/service-orders');
  const card = page.getByRole('article', { name: `OS ${padNumber(os.numero)}` });
  await openAction(card, 'Visualizar');
  const view = page.getByRole('dialog', { name: 'Ordem de Serviço' });
  const photos = view.getByRole('region', { name: 'Fotos do cliente' });
  await expect(photos.getByRole('img')).toHaveCount(1);
  await expect
    .poll(() =>
      photos
        .getByRole('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
});
