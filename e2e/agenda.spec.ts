import { addDays, businessToday, formatDate, padNumber } from '@os/shared';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/admin-test';
import { type CreatedOrder, createOrder, signInByApi } from './support/api';
import { ADMIN, STANDARD_USER, signIn, TEC } from './support/session';

const label = (numero: number) => `OS ${padNumber(numero)}`;
/** A Wednesday well ahead, so the board's week (Monday to Sunday) is the same whenever the suite runs. */
const WEEK_DAY = '2027-03-10';
/** The touch test's day, the Thursday after: a day view short enough that both rows fit on the phone. */
const TOUCH_DAY = '2027-03-18';

async function userId(request: APIRequestContext, username: string): Promise<number> {
  const users = (await (await request.get('/api/users')).json()) as { id: number; username: string }[];
  return users.find((u) => u.username === username)!.id;
}

/** An open order without a window, made by the admin through the API (the oldest date: first in the pending list). */
async function pendingOrder(request: APIRequestContext, motivo: string): Promise<CreatedOrder> {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const order = await createOrder(request, { data: '2020-01-01', engenheiro: null, motivo });
  await request.post('/api/auth/logout');
  return order;
}

async function scheduleByApi(
  request: APIRequestContext,
  id: number,
  body: { tecnico: string; agendaInicio: string; agendaFim: string },
) {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const res = await request.put(`/api/os/${id}/agenda`, {
    data: { tecnicoId: await userId(request, body.tecnico), agendaInicio: body.agendaInicio, agendaFim: body.agendaFim },
  });
  expect(res.status(), await res.text()).toBe(200);
  await request.post('/api/auth/logout');
}

/** An order already on the agenda: made by the admin, then scheduled to `plan`. */
async function scheduledOrder(
  request: APIRequestContext,
  motivo: string,
  plan: { tecnico: string; agendaInicio: string; agendaFim: string },
) {
  const order = await pendingOrder(request, motivo);
  await scheduleByApi(request, order.id, plan);
  return order;
}

async function windowOf(page: Page, id: number) {
  const order = await (await page.request.get(`/api/os/${id}`)).json();
  return { engenheiro: order.engenheiro as string, agendaInicio: order.agendaInicio, agendaFim: order.agendaFim };
}

/** Signs `account` in and opens the board at `vista` ('semana' or 'dia') on `dia`. */
async function openBoard(page: Page, account: { username: string; password: string }, vista: 'semana' | 'dia', dia: string) {
  await signInByApi(page, account);
  await page.goto(`/agenda?vista=${vista}&dia=${dia}`);
}

/** Waits until the server holds the order's window as `expected`. */
const windowBecomes = (page: Page, id: number, expected: Awaited<ReturnType<typeof windowOf>>) =>
  expect.poll(() => windowOf(page, id)).toEqual(expected);

const cell = (page: Page, technician: string, day: string) => page.locator(`td[data-cell="${technician} ${formatDate(day)}"]`);
const chip = (scope: Page | Locator, numero: number) => scope.getByRole('button', { name: new RegExp(`^${label(numero)}\\b`) });
const pendingPanel = (page: Page) => page.getByRole('complementary', { name: /OS sem agendamento/ });

async function centre(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('[USER] schedules by the form, is told what is wrong, and sees an overlap named on both orders', async ({ page, admin }) => {
  // A retry schedules four hours later, clear of what the first attempt left on Maria's day.
  const at = (hour: number) => `${WEEK_DAY}T${String(hour + 4 * test.info().retry).padStart(2, '0')}:00`;
  const span = (from: number, to: number) => `${at(from).slice(-5)}–${at(to).slice(-5)}`;
  const first = await pendingOrder(admin, 'Agenda pelo formulário 1');
  const second = await pendingOrder(admin, 'Agenda pelo formulário 2');
  await signIn(page, STANDARD_USER);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Agenda' }).click();
  await expect(page.getByRole('heading', { name: /^Agenda/ })).toBeVisible();
  await page.goto(`/agenda?vista=semana&dia=${WEEK_DAY}`);
  await expect(page.getByText('08/03 – 14/03/2027', { exact: true })).toBeVisible();

  await chip(pendingPanel(page), first.numero).click();
  const form = page.getByRole('dialog', { name: `Agendar ${label(first.numero)}` });
  await expect(form.getByLabel('Técnico')).toBeFocused();
  await form.getByLabel('Técnico').selectOption({ label: 'Maria Oliveira' });
  await form.getByLabel('Início').fill(at(10));
  await form.getByLabel('Fim').fill(at(9));
  await form.getByRole('button', { name: 'Agendar' }).click();
  await expect(form.getByText('Fim: deve ser depois do início.')).toBeVisible();
  await form.getByLabel('Fim').fill(at(12));
  await form.getByLabel('Fim').press('Enter');
  await expect(page.getByText('Agendamento salvo.')).toBeVisible();
  await expect(form).toBeHidden();
  const mine = chip(cell(page, 'Maria Oliveira', WEEK_DAY), first.numero);
  await expect(mine).toContainText(span(10, 12));
  await expect(chip(pendingPanel(page), first.numero)).toHaveCount(0);

  // The second at overlapping hours: saved (a dispatcher may mean it), never silent.
  await chip(pendingPanel(page), second.numero).click();
  const form2 = page.getByRole('dialog', { name: `Agendar ${label(second.numero)}` });
  await form2.getByLabel('Técnico').selectOption({ label: 'Maria Oliveira' });
  await form2.getByLabel('Início').fill(at(11));
  await form2.getByLabel('Fim').fill(at(13));
  await form2.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText(`Conflito com ${label(first.numero)}.`)).toBeVisible();
  // A warning that stays until closed, not a success toast that vanishes (docs/rules.md#daily-use).
  await page.waitForTimeout(3_500);
  await expect(page.getByText(`Conflito com ${label(first.numero)}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Fechar aviso' }).first().click();
  await expect(page.getByText(`Conflito com ${label(first.numero)}.`)).toBeHidden();
  await expect(mine).toContainText(`Conflito com ${label(second.numero)}`);
  await expect(chip(cell(page, 'Maria Oliveira', WEEK_DAY), second.numero)).toContainText(`Conflito com ${label(first.numero)}`);
  expect(await windowOf(page, second.id)).toEqual({
    engenheiro: 'maria',
    agendaInicio: at(11),
    agendaFim: at(13),
  });
});

test('[ADMIN] drags with the mouse: from the pending list to a day, then to another technician and day', async ({
  page,
  admin,
}) => {
  const order = await pendingOrder(admin, 'Agenda por arrastar');
  await openBoard(page, ADMIN, 'semana', WEEK_DAY);

  const live = page.locator('[id^="DndLiveRegion"]');
  const drag = async (from: Locator, to: Locator, over: string) => {
    const a = await centre(from);
    const b = await centre(to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x + 10, a.y + 10, { steps: 3 });
    await page.mouse.move(b.x, b.y, { steps: 12 });
    // As a person does: look again where the cell is before letting go.
    const settled = await centre(to);
    await page.mouse.move(settled.x, settled.y, { steps: 2 });
    await expect(live).toContainText(`sobre ${over}.`);
    await page.mouse.up();
  };

  await drag(chip(pendingPanel(page), order.numero), cell(page, 'Carlos Pereira', '2027-03-09'), 'Carlos Pereira, 09/03/2027');
  await expect(chip(cell(page, 'Carlos Pereira', '2027-03-09'), order.numero)).toContainText('08:00–12:00');
  await windowBecomes(page, order.id, { engenheiro: 'carlos', agendaInicio: '2027-03-09T08:00', agendaFim: '2027-03-09T12:00' });

  await drag(
    chip(cell(page, 'Carlos Pereira', '2027-03-09'), order.numero),
    cell(page, 'Maria Oliveira', '2027-03-12'),
    'Maria Oliveira, 12/03/2027',
  );
  await expect(chip(cell(page, 'Maria Oliveira', '2027-03-12'), order.numero)).toBeVisible();
  await expect(chip(cell(page, 'Carlos Pereira', '2027-03-09'), order.numero)).toHaveCount(0);
  await windowBecomes(page, order.id, { engenheiro: 'maria', agendaInicio: '2027-03-12T08:00', agendaFim: '2027-03-12T12:00' });
});

test('[USER] moves an order with the keyboard alone: Space, arrows, Space', async ({ page, admin }) => {
  const order = await scheduledOrder(admin, 'Agenda pelo teclado', {
    tecnico: 'carlos',
    agendaInicio: '2027-03-10T14:00',
    agendaFim: '2027-03-10T16:30',
  });
  await openBoard(page, STANDARD_USER, 'semana', WEEK_DAY);
  await expect(chip(cell(page, 'Carlos Pereira', '2027-03-10'), order.numero)).toBeVisible();
  const rows = await page.locator('tbody th[scope="row"]').allTextContents();
  const below = rows[rows.indexOf('Carlos Pereira') + 1]!;

  await chip(cell(page, 'Carlos Pereira', '2027-03-10'), order.numero).focus();
  // One key at a time, as a person presses them.
  for (const key of ['Space', 'ArrowRight', 'ArrowDown', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  await expect(chip(cell(page, below, '2027-03-11'), order.numero)).toContainText('14:00–16:30');
  await expect.poll(async () => (await windowOf(page, order.id)).agendaInicio).toBe('2027-03-11T14:00');

  // Enter opens the form; Escape closes it untouched.
  await chip(cell(page, below, '2027-03-11'), order.numero).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: `Agendar ${label(order.numero)}` });
  await expect(form.getByLabel('Início')).toHaveValue('2027-03-11T14:00');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
});

test.describe('on a phone with a touch screen', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('[USER] taps an order to schedule it by the form, and drags another with a finger', async ({ page, admin }) => {
    const tapped = await pendingOrder(admin, 'Agenda pelo toque');
    const dragged = await scheduledOrder(admin, 'Agenda arrastada com o dedo', {
      tecnico: 'carlos',
      agendaInicio: '2027-03-18T07:00',
      agendaFim: '2027-03-18T08:00',
    });
    await openBoard(page, STANDARD_USER, 'dia', TOUCH_DAY);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await chip(pendingPanel(page), tapped.numero).tap();
    const form = page.getByRole('dialog', { name: `Agendar ${label(tapped.numero)}` });
    await form.getByLabel('Técnico').selectOption({ label: 'João da Silva' });
    await form.getByLabel('Início').fill(`${TOUCH_DAY}T13:00`);
    await form.getByLabel('Fim').fill(`${TOUCH_DAY}T15:00`);
    await form.getByRole('button', { name: 'Agendar' }).tap();
    await expect(chip(cell(page, 'João da Silva', TOUCH_DAY), tapped.numero)).toContainText('13:00–15:00');

    // Press and hold, then slide to Maria's row.
    const from = chip(cell(page, 'Carlos Pereira', TOUCH_DAY), dragged.numero);
    const to = cell(page, 'Maria Oliveira', TOUCH_DAY);
    await to.scrollIntoViewIfNeeded();
    const a = await centre(from);
    const b = await centre(to);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    // The board's live region says when the order is lifted and where it is over: wait for each, as a
    // person waits to feel the chip lift, so a slow machine does not move the finger too early.
    const live = page.locator('[id^="DndLiveRegion"]');
    await touch('touchStart', a.x, a.y);
    await expect(live).toContainText(new RegExp(`${label(dragged.numero)} (levantada|sobre)`));
    for (let i = 1; i <= 10; i++) await touch('touchMove', a.x + ((b.x - a.x) * i) / 10, a.y + ((b.y - a.y) * i) / 10);
    await expect(live).toContainText(`sobre Maria Oliveira, ${formatDate(TOUCH_DAY)}.`);
    await touch('touchEnd');
    await expect(chip(cell(page, 'Maria Oliveira', TOUCH_DAY), dragged.numero)).toContainText('07:00–08:00');
    await expect.poll(async () => (await windowOf(page, dragged.id)).engenheiro).toBe('maria');
  });

  test('[TEC] the job list groups the cards by day with the window and a map link, offline too', async ({
    page,
    context,
    admin,
  }) => {
    test.setTimeout(90_000);
    const today = businessToday();
    const later = await pendingOrder(admin, 'Visita de amanhã');
    const now = await pendingOrder(admin, 'Visita de hoje');
    await scheduleByApi(admin, now.id, { tecnico: 'joao', agendaInicio: `${today}T08:00`, agendaFim: `${today}T12:00` });
    const tomorrow = addDays(today, 1);
    await scheduleByApi(admin, later.id, {
      tecnico: 'joao',
      agendaInicio: `${tomorrow}T14:00`,
      agendaFim: `${tomorrow}T15:30`,
    });

    await signIn(page, TEC);
    await expect(page).toHaveURL('/service-orders');
    const hoje = page.getByRole('region', { name: /^Hoje/ });
    const card = hoje.getByRole('article', { name: label(now.numero) });
    await expect(card).toContainText('Hoje 08:00–12:00');
    const map = card.getByRole('link', { name: /^Abrir no mapa: / });
    await expect(map).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('region', { name: /^Amanhã/ }).getByRole('article', { name: label(later.numero) })).toContainText(
      'Amanhã 14:00–15:30',
    );
    await expect(
      page
        .getByRole('region', { name: /^Sem agendamento/ })
        .getByRole('article')
        .first(),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Without signal, from the last sync: the same groups.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('region', { name: /^Hoje/ }).getByRole('article', { name: label(now.numero) })).toContainText(
      'Hoje 08:00–12:00',
    );
    await context.setOffline(false);
  });
});
