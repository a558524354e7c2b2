import { formatCnpj, padNumber } from '@os/shared';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { cnpjFor, createClient, createOrder, signInByApi } from './support/api';
import { ADMIN } from './support/session';

// docs/rules.md#hardening: text stored through the API is shown as text on every screen that shows it, never as markup.
test.describe.configure({ timeout: 90_000 });

const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=1</script>';
const BREAK = `"'><b>x</b>`;

/** A client, an order of it and a description of the order, every text field carrying markup. */
async function hostileFixture(request: APIRequestContext) {
  const tag = `Hostil${Date.now() % 1_000_000}`;
  const cnpj = cnpjFor(Date.now(), '6');
  const client = { razao: `${tag} ${IMG}`, fantasia: `Fantasia ${BREAK}`, contato: SCRIPT };
  const { id: clientId } = await createClient(request, { ...client, cnpj });
  const order = {
    responsavel: `${SCRIPT} Resp`,
    motivo: `${BREAK} ${IMG} motivo`,
    equipamento: IMG,
    nr_peca: BREAK,
    nr_serie: SCRIPT,
    cidade: `Cidade ${BREAK}`,
  };
  // 2020: the oldest open order, so /grid (oldest first) shows it on its first page.
  const created = await createOrder(request, { ...order, data: '2020-02-03', cliente: clientId, engenheiro: 'joao' });
  const descricao = `${SCRIPT}${IMG}${BREAK} fim`;
  const res = await request.post('/api/descricao/', {
    multipart: { data: '2020-02-03', descricao, osnumber: String(created.id) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { tag, cnpj, client: { ...client, id: clientId }, order: { ...order, ...created }, descricao };
}

/** Nothing the hostile text carries became part of the page: no flag, no <img src=x>, no <b>x</b>, no script. */
async function expectNoMarkupFromText(page: Page, where: string) {
  const found = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    imgs: document.querySelectorAll('img[src="x"], [onerror]').length,
    bolds: Array.from(document.querySelectorAll('b')).filter((b) => b.textContent === 'x').length,
    scripts: Array.from(document.querySelectorAll('script')).filter((s) => s.textContent?.includes('__pwned')).length,
  }));
  expect(found, where).toEqual({ pwned: undefined, imgs: 0, bolds: 0, scripts: 0 });
}

/** The literal text is on screen (in a text node, so the markup characters are there as characters). */
async function expectLiteral(scope: Page | Locator, text: string) {
  await expect(scope.getByText(text, { exact: false }).first()).toBeVisible();
}

test('[ADMIN] hostile text stored through the API shows literally on every screen that shows it', async ({ page }) => {
  await signInByApi(page, ADMIN);
  const h = await hostileFixture(page.request);
  const numero = padNumber(h.order.numero);

  // /clientes: razao, fantasia and contato in the row.
  await page.goto('/clientes');
  await page.getByPlaceholder('Buscar por Razão/Fantasia...').fill(h.tag);
  await expect(page.getByText('Clientes encontrados: 1')).toBeVisible();
  const clientRow = page.getByRole('table').locator('tbody tr').first();
  await expect(clientRow).toContainText(formatCnpj(h.cnpj));
  for (const text of [h.client.razao, h.client.fantasia, h.client.contato]) await expectLiteral(clientRow, text);
  await expectNoMarkupFromText(page, '/clientes');
  // The edit modal: the values in the inputs, untouched.
  await clientRow.getByRole('button', { name: `Editar ${h.client.razao}` }).click();
  const clientModal = page.getByRole('dialog', { name: 'Editar Cliente' });
  await expect(clientModal.getByLabel('Razão Social')).toHaveValue(h.client.razao);
  await expect(clientModal.getByLabel('Nome Fantasia')).toHaveValue(h.client.fantasia);
  await page.keyboard.press('Escape');
  await expect(clientModal).toBeHidden();

  // /os: the client's razao and the order's responsavel; the edit modal's inputs.
  await page.goto('/os');
  await page.getByPlaceholder('Buscar por cliente ou número').fill(h.tag);
  const orderRow = page.getByRole('table', { name: 'Gestão de Ordens de Serviço' }).locator('tbody tr', { hasText: numero });
  await expect(orderRow).toHaveCount(1);
  for (const text of [h.client.razao, h.order.responsavel]) await expectLiteral(orderRow, text);
  await expectNoMarkupFromText(page, '/os');
  await orderRow.getByRole('button', { name: `Editar OS ${numero}` }).click();
  const orderModal = page.getByRole('dialog', { name: `Editar OS ${numero}` });
  await expect(orderModal.getByLabel('Responsavel')).toHaveValue(h.order.responsavel);
  await expect(orderModal.getByLabel('Motivo')).toHaveValue(h.order.motivo);
  await expect(orderModal.getByLabel('Equipamento', { exact: true })).toHaveValue(h.order.equipamento);
  await expectNoMarkupFromText(page, '/os edit modal');
  await page.keyboard.press('Escape');
  await expect(orderModal).toBeHidden();

  // /osrelatorio filtered by the hostile client: razao and cidade.
  await page.goto('/osrelatorio');
  await page.getByLabel(/^Cliente\*?$/).selectOption(String(h.client.id));
  await page.getByRole('button', { name: 'Buscar Dados' }).click();
  const reportRow = page.getByRole('table', { name: 'Relatorio de O.S.' }).locator('tbody tr', { hasText: numero });
  await expect(reportRow).toHaveCount(1);
  for (const text of [h.client.razao, h.order.cidade]) await expectLiteral(reportRow, text);
  await expectNoMarkupFromText(page, '/osrelatorio');

  // /service-orders: the card (cliente, Nr Peça, Motivo), then Visualizar (the full record and the description).
  await page.goto('/service-orders');
  const card = page.getByRole('article', { name: `OS ${numero}` });
  for (const text of [h.client.razao, h.order.nr_peca, h.order.motivo]) await expectLiteral(card, text);
  await expectNoMarkupFromText(page, '/service-orders');
  await card.getByRole('button', { name: 'Visualizar' }).click();
  const view = page.getByRole('dialog', { name: 'Ordem de Serviço' });
  await expect(view.getByRole('heading', { name: 'Descrição dos Serviços' })).toBeVisible();
  for (const text of [h.client.razao, h.order.responsavel, h.order.equipamento, h.order.motivo, h.order.nr_serie, h.descricao])
    await expectLiteral(view, text);
  await expectNoMarkupFromText(page, '/service-orders Visualizar');
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  // /grid (oldest first, so the order of 2020 is on the first page): cliente and cidade.
  await page.goto('/grid');
  const gridRow = page.getByRole('table').locator('tbody tr', { hasText: numero });
  await expect(gridRow).toHaveCount(1);
  for (const text of [h.client.razao, h.order.cidade]) await expectLiteral(gridRow, text);
  await expectNoMarkupFromText(page, '/grid');

  // /pdf: cliente and responsavel.
  await page.goto('/pdf');
  await page.getByPlaceholder('Buscar por cliente ou número').fill(h.tag);
  const pdfRow = page.getByRole('row').filter({ hasText: numero });
  await expect(pdfRow).toHaveCount(1);
  for (const text of [h.client.razao, h.order.responsavel]) await expectLiteral(pdfRow, text);
  await expectNoMarkupFromText(page, '/pdf');
});
