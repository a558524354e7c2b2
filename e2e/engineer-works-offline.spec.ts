import { expect, type Page } from '@playwright/test';
import { test } from './support/admin-test';
import {
  drawSignature,
  fillExpense,
  goOfflineReady,
  openAction,
  PHOTO_PNG,
  saveDescriptionWithPhoto,
  saveTrip,
  technicianOnNewOrder,
} from './support/field';
import { TEC } from './support/session';

// A phone (360x740), as in the field.
test.use({ viewport: { width: 360, height: 740 } });

/** How many records of each kind the server holds for the order (joao's session in this browser). */
async function serverCounts(page: Page, id: number) {
  const count = async (path: string) => {
    const res = await page.request.get(`${path}/${id}`);
    expect(res.ok()).toBeTruthy();
    return ((await res.json()) as unknown[]).length;
  };
  const signature = await (await page.request.get(`/api/assinatura/${id}`)).json();
  return {
    ida: await count('/api/viagemida'),
    servicos: await count('/api/servicos'),
    volta: await count('/api/viagemvolta'),
    descricoes: await count('/api/descricao'),
    despesas: await count('/api/despesa'),
    assinatura: signature.imagem ? 1 : 0,
  };
}

test('[TEC] works offline: every entry kind kept on the phone, sent exactly once when the signal returns', async ({
  page,
  context,
  admin,
}) => {
  test.setTimeout(120_000);
  const { order, card } = await technicianOnNewOrder(page, admin, 'Trabalho sem sinal');
  // Online once: the record is read (and kept on the device), and the service worker takes control.
  await openAction(card, 'Visualizar');
  await expect(
    page.getByRole('dialog', { name: 'Ordem de Serviço' }).getByRole('heading', { name: 'Dados de Tempo' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await goOfflineReady(page, context, card);
  await expect(page.getByText(/Última sincronização: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();

  // Outbound trip, service day, return trip.
  await openAction(card, 'Add Timesheet');
  const timesheet = page.getByRole('dialog', { name: 'Lacamento de Horas e Kilometragem' });
  await saveTrip(timesheet, '07:00', '09:00', 'Salvar Viagem Ida');
  await expect(page.getByText('1 pendente', { exact: true })).toBeVisible();
  await timesheet.getByRole('tab', { name: 'Entrada/Saída Serviço' }).click();
  await timesheet.getByLabel('Entrada', { exact: true }).fill('09:30');
  await timesheet.getByLabel('Saída', { exact: true }).fill('18:00');
  await timesheet.getByLabel('Intervalo (horas)').fill('1');
  await timesheet.getByRole('button', { name: 'Salvar Serviço' }).click();
  await expect(page.getByText('2 pendentes', { exact: true })).toBeVisible();
  await timesheet.getByRole('tab', { name: 'Viagem Volta' }).click();
  await saveTrip(timesheet, '18:30', '20:30', 'Salvar Viagem Volta');
  await expect(page.getByText('3 pendentes', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // A description with a photo.
  const description = await saveDescriptionWithPhoto(page, card, 'Troca do relé de proteção sem sinal no local.', 'rele.png');
  await expect(page.getByText('4 pendentes', { exact: true })).toBeVisible();
  if (await description.isVisible()) await page.keyboard.press('Escape');

  // An expense with its receipt photo: no reading offline, the fields typed by hand.
  await openAction(card, 'Add Despesas');
  const expense = page.getByRole('dialog', { name: 'Lançamento de Despesas' });
  await expense.getByLabel('Foto do comprovante').setInputFiles({ name: 'cupom.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expect(page.getByText('Sem conexão: preencha os dados do comprovante manualmente.')).toBeVisible();
  await fillExpense(expense, {
    data: '2026-11-21',
    docnr: '777',
    valor: '45,90',
    tipo: 'Alimentação',
    descricao: 'Almoço da equipe na subestação',
  });
  await expense.getByRole('button', { name: 'Salvar Despesa' }).click();
  await expect(page.getByText('5 pendentes', { exact: true })).toBeVisible();
  if (await expense.isVisible()) await page.keyboard.press('Escape');

  // The customer's signature.
  await openAction(card, 'Assinar');
  const signature = page.getByRole('dialog', { name: 'Assinar OS' });
  await drawSignature(page, signature.getByLabel('Área de assinatura'));
  await signature.getByRole('button', { name: 'Salvar Assinatura' }).click();
  await expect(page.getByText('6 pendentes', { exact: true })).toBeVisible();
  if (await signature.isVisible()) await page.keyboard.press('Escape');

  // Reloaded without signal: the cards, the order's record and the six pending entries are still there.
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByText('6 pendentes', { exact: true })).toBeVisible();
  const outbox = page.getByRole('region', { name: 'Lançamentos pendentes' });
  for (const kind of ['Viagem de ida', 'Dia de serviço', 'Viagem de volta', 'Descrição', 'Despesa', 'Assinatura']) {
    await expect(outbox.getByRole('listitem', { name: kind, exact: true })).toContainText('Pendente');
  }
  await openAction(card, 'Visualizar');
  const view = page.getByRole('dialog', { name: 'Ordem de Serviço' });
  await expect(view.getByRole('heading', { name: 'Dados de Tempo' })).toBeVisible();
  await expect(view.getByRole('region', { name: 'Lançamentos pendentes' }).getByRole('listitem')).toHaveCount(6);
  await page.keyboard.press('Escape');
  expect(await serverCounts(page, order.id)).toEqual({
    ida: 0,
    servicos: 0,
    volta: 0,
    descricoes: 0,
    despesas: 0,
    assinatura: 0,
  });

  // The signal returns: sent in order, exactly once each.
  await context.setOffline(false);
  await expect(page.getByText(/pendente/)).toHaveCount(0, { timeout: 20_000 });
  expect(await serverCounts(page, order.id)).toEqual({
    ida: 1,
    servicos: 1,
    volta: 1,
    descricoes: 1,
    despesas: 1,
    assinatura: 1,
  });
  await admin.dispose();
});

test('[TEC] a request lost after the server got it is resent without a duplicate', async ({ page, admin }) => {
  test.setTimeout(60_000);
  const { order, card } = await technicianOnNewOrder(page, admin, 'Resposta perdida');

  // The first POST reaches the server, but its answer never comes back.
  let dropped = 0;
  await page.route('**/api/descricao/', async (route) => {
    if (route.request().method() === 'POST' && dropped === 0) {
      dropped++;
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  const description = await saveDescriptionWithPhoto(page, card, 'Medição de isolamento com resposta perdida.', 'foto.png');
  await expect(page.getByText('1 pendente', { exact: true })).toBeVisible();
  expect((await serverCounts(page, order.id)).descricoes).toBe(1);
  if (await description.isVisible()) await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Sincronizar' }).click();
  await expect(page.getByText(/pendente/)).toHaveCount(0, { timeout: 20_000 });
  expect(dropped).toBe(1);
  expect((await serverCounts(page, order.id)).descricoes).toBe(1);
  await admin.dispose();
});

test('[TEC] an entry refused with 409 stays on the phone with the message until discarded', async ({
  page,
  context,
  playwright,
  baseURL,
  admin,
}) => {
  test.setTimeout(60_000);
  const { order, card } = await technicianOnNewOrder(page, admin, 'Conflito');

  await context.setOffline(true);
  await openAction(card, 'Add Timesheet');
  const timesheet = page.getByRole('dialog', { name: 'Lacamento de Horas e Kilometragem' });
  await saveTrip(timesheet, '07:00', '09:00', 'Salvar Viagem Ida');
  await expect(page.getByText('1 pendente', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Meanwhile another device saved the outbound trip: the order is Andamento and that trip locked.
  const other = await playwright.request.newContext({ baseURL });
  expect((await other.post('/api/auth/login', { data: TEC })).ok()).toBeTruthy();
  const first = await other.post('/api/viagemida/', {
    data: {
      dataida: '2026-11-21',
      saidaida: '06:00',
      chegadaida: '08:00',
      duracaoida: '02:00',
      kmida: 90,
      obsida: '',
      numeroos: order.id,
    },
  });
  expect(first.status()).toBe(201);

  await context.setOffline(false);
  const entry = page.getByRole('region', { name: 'Lançamentos pendentes' }).getByRole('listitem', { name: 'Viagem de ida' });
  await expect(entry).toContainText('Recusado', { timeout: 20_000 });
  await expect(entry.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByText('1 pendente', { exact: true })).toBeVisible();
  // Still there after a reload: nothing is dropped silently.
  await page.reload();
  await expect(entry).toContainText('Recusado');
  const shots = process.env.SCREENSHOTS_DIR;
  if (shots) {
    await page.screenshot({ path: `${shots}/offline-refused-light.png` });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(entry).toContainText('Recusado');
    await page.screenshot({ path: `${shots}/offline-refused-dark.png` });
  }
  // Signing out with a pending entry warns first; staying keeps everything.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Há lançamentos que ainda não foram enviados.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: 'Descartar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
  await expect(entry).toHaveCount(0);
  expect((await (await other.get(`/api/viagemida/${order.id}`)).json()).length).toBe(1);
  await other.dispose();
  await admin.dispose();
});
