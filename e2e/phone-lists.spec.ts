import { padNumber } from '@os/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createOrder, orderWithTripAndServiceDay, signInByApi } from './support/api';
import { openAction, PHOTO_PNG } from './support/field';
import { ADMIN, signIn, TEC } from './support/session';

// A 360 px phone with a touch screen (docs/rules.md#daily-use): lists are cards, nothing scrolls sideways.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

/** The agenda's week of a day far ahead, with one order of joao's scheduled on it (made by the test). */
const AGENDA_DAY = '2027-05-12';
const AGENDA_WEEK = `/agenda?vista=semana&dia=${AGENDA_DAY}`;

const LIST_SCREENS = [
  '/os',
  '/clientes',
  '/tipodespesas',
  '/empresas',
  '/users',
  '/osrelatorio',
  '/pdf',
  '/fechamento',
  '/configuracoes',
  '/emails',
  '/mensagens',
  AGENDA_WEEK,
  '/equipamentos',
  '/manutencoes',
  '/grid',
  '/dashboard',
];

/** The lists that always have rows with actions (demo data, and the order the first test schedules). */
const WITH_ROWS = LIST_SCREENS.filter((url) => !['/emails', '/mensagens', '/manutencoes', '/grid', '/dashboard'].includes(url));

/**
 * Widths wider than the screen: the page itself (document.scrollingElement wider than 360 px), and any box
 * inside `within` (main, or an open dialog) that would scroll sideways.
 */
function sideways(page: Page, within = 'main') {
  return page.evaluate((within) => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > 360 || root.scrollWidth > root.clientWidth)
      found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(`${within} *`))) {
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1)
        found.push(`${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 40)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return found;
  }, within);
}

/** Each button of `scope` starts and ends within the 360 px screen and takes a tap (nothing covers it) and the focus. */
async function reachable(scope: Locator, where: string) {
  const buttons = await scope.getByRole('button').all();
  for (const action of buttons) {
    const name = (await action.getAttribute('aria-label')) ?? (await action.textContent());
    await action.scrollIntoViewIfNeeded();
    await expect(action, `${where}: ${name}`).toBeVisible();
    const box = (await action.boundingBox())!;
    expect(box.x, `${where}: ${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${where}: ${name} ends on screen`).toBeLessThanOrEqual(360);
    await action.tap({ trial: true });
    await action.focus();
    await expect(action).toBeFocused();
  }
  return buttons.length;
}

test('[ADMIN] every list screen fits 360 px: no sideways scroll, row actions on screen, by touch and keyboard', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  // An order on the agenda's week, so the board's phone card has an order to open.
  const scheduled = await createOrder(page.request, { data: AGENDA_DAY, motivo: 'Agenda no celular' });
  const users = (await (await page.request.get('/api/users')).json()) as { id: number; username: string }[];
  const plan = await page.request.put(`/api/os/${scheduled.id}/agenda`, {
    data: {
      tecnicoId: users.find((u) => u.username === 'joao')!.id,
      agendaInicio: `${AGENDA_DAY}T09:00`,
      agendaFim: `${AGENDA_DAY}T11:00`,
    },
  });
  expect(plan.status(), await plan.text()).toBe(200);
  // And an equipment, so /equipamentos has a row with its actions.
  const [client] = (await (await page.request.get('/api/clientes?limit=1')).json()) as { id: number }[];
  const equipment = await page.request.post('/api/equipamentos', {
    data: { clienteId: client!.id, tipo: 'Gerador', fabricante: 'Cummins', modelo: 'C150', numeroSerie: `CEL-${Date.now()}` },
  });
  expect(equipment.status(), await equipment.text()).toBe(201);
  const withRows: string[] = [];
  for (const screen of LIST_SCREENS) {
    await test.step(screen, async () => {
      await page.goto(screen);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      // The order report and the closing show their table after 'Buscar Dados'; /emails lists on its second tab.
      const search = page.getByRole('button', { name: 'Buscar Dados' });
      if (await search.isVisible()) await search.click();
      if (screen === '/emails') await page.getByRole('tab', { name: 'Emails Enviados' }).click();
      await page.waitForLoadState('networkidle');
      expect(await sideways(page), `${screen} scrolls sideways`).toEqual([]);
      // The first row with actions (on the agenda: the technician with an order that week).
      const row = page
        .getByRole('main')
        .locator('table tbody tr')
        .filter({ has: page.getByRole('button') })
        .first();
      if (WITH_ROWS.includes(screen)) await expect(row).toBeVisible();
      if ((await row.count()) === 0) return;
      withRows.push(screen);
      // Touch reaches every action of the row (nothing covers it), and so does the keyboard.
      await reachable(row, screen);
    });
  }
  // The demo data (and the order scheduled above) fill these lists, so their cards and row actions were checked above.
  expect(withRows).toEqual(expect.arrayContaining(WITH_ROWS));
});

test("[TEC] 'Visualizar' fits 360 px: the timesheet, descriptions and expenses are cards, their actions on screen", async ({
  page,
  request,
}) => {
  // A fresh order of joao's with a trip each way, a service day, a description and an expense.
  const order = await orderWithTripAndServiceDay(request, 'Visualizar no celular', '2026-04-14');
  const volta = await request.post('/api/viagemvolta/', {
    data: {
      datavolta: '2026-04-14',
      saidavolta: '17:30',
      chegadavolta: '19:00',
      tempoEspera: '00:15',
      kmvolta: 43,
      obsvolta: 'Estrada de terra depois de Sertânia, trecho longo sem sinal de celular',
      numeroos: order.id,
    },
  });
  expect(volta.status()).toBe(201);
  const description = await request.post('/api/descricao/', {
    multipart: {
      data: '2026-04-14',
      descricao: 'Troca do disjuntor principal e reaperto de todas as conexões do quadro de distribuição geral.',
      osnumber: String(order.id),
    },
  });
  expect(description.status()).toBe(201);
  const expense = await request.post('/api/despesa/', {
    multipart: {
      data: '2026-04-14',
      docnr: '004521',
      valor: '1.234,56',
      tipodespesa: 'Alimentação',
      descricao: 'Almoço da equipe em Sertânia com o responsável do cliente',
      observacao: 'Nota fiscal anexada',
      osnumero: String(order.id),
      imagem: { name: 'recibo.png', mimeType: 'image/png', buffer: PHOTO_PNG },
    },
  });
  expect(expense.status(), await expense.text()).toBe(201);
  await request.post('/api/auth/logout');

  await signInByApi(page, TEC);
  await page.goto('/service-orders');
  const card = page.getByRole('article', { name: `OS ${padNumber(order.numero)}` });
  await expect(card).toBeVisible();
  await openAction(card, 'Visualizar');
  const view = page.getByRole('dialog', { name: 'Ordem de Serviço' });
  await expect(view.getByRole('table', { name: 'Viagem Ida' })).toContainText('08:30');
  await expect(view.getByRole('table', { name: 'Despesas' })).toBeVisible();
  expect(await sideways(page, '[role="dialog"]'), "'Visualizar' scrolls sideways").toEqual([]);
  // Every section's values are on screen: none is cut off at the right edge.
  for (const table of ['Viagem Ida', 'Serviços', 'Viagem Volta', 'Descrição dos Serviços', 'Despesas']) {
    const box = (await view.getByRole('table', { name: table, exact: true }).boundingBox())!;
    expect(box.x + box.width, `${table} ends on screen`).toBeLessThanOrEqual(360);
  }
  await expect(view.getByRole('table', { name: 'Viagem Volta' })).toContainText('sem sinal de celular');
  const actions = await reachable(view.locator('table'), "'Visualizar'");
  expect(actions).toBeGreaterThanOrEqual(2); // 'Editar serviço de …' and 'Editar descrição de …'

  // Editing a row in place stays within the screen too.
  await view.getByRole('button', { name: 'Editar serviço de 14/04/2026' }).click();
  await expect(view.locator('tr[data-editing="true"]').getByLabel('Data')).toBeFocused();
  expect(await sideways(page, '[role="dialog"]'), 'an edited row scrolls sideways').toEqual([]);
  for (const input of await view.locator('tr[data-editing="true"] input, tr[data-editing="true"] select').all()) {
    const box = (await input.boundingBox())!;
    expect(box.x + box.width, `${await input.getAttribute('aria-label')} ends on screen`).toBeLessThanOrEqual(360);
  }
  for (const input of await view.getByRole('table', { name: 'Despesas' }).locator('input, select').all()) {
    const box = (await input.boundingBox())!;
    expect(box.x + box.width, `Despesas ${await input.getAttribute('aria-label')} ends on screen`).toBeLessThanOrEqual(360);
  }
});

test('[ADMIN] the closing preview fits 360 px: its lines are cards, its buttons on screen', async ({ page, request }) => {
  // Its own Concluído order with a service day, so the preview has hour lines whatever other journeys
  // closed or concluded meanwhile.
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const order = await createOrder(request, { motivo: 'Fechamento no celular', data: '2026-04-15' });
  const day = { dataservico: '2026-04-15', entradaservico: '08:00', saidaservico: '12:00', numeroos: order.id };
  expect((await request.post('/api/servicos/', { data: day })).status()).toBe(201);
  expect((await request.put(`/api/os/${order.id}`, { data: { status: 'Concluído' } })).status()).toBe(200);
  await signIn(page, ADMIN);
  await page.goto('/fechamento');
  await page.getByRole('button', { name: 'Buscar Dados' }).click();
  await page.getByRole('checkbox', { name: `Selecionar OS ${padNumber(order.numero)}` }).check();
  await page.getByRole('button', { name: 'Pré-visualizar fechamento' }).click();
  const preview = page.getByRole('dialog', { name: 'Prévia do fechamento' });
  await expect(preview.getByTestId('closing-total')).toHaveText(/^R\$ [\d.]+,\d{2}$/);
  expect(await sideways(page, '[role="dialog"]'), 'the closing preview scrolls sideways').toEqual([]);
  for (const line of await preview.locator('tbody tr').all()) {
    const box = (await line.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await expect(preview.getByText('Hora Normal').first()).toBeInViewport({ ratio: 1 });
  await reachable(preview, 'closing preview');
});
