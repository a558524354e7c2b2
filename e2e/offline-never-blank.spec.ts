import { OFFLINE_MSG } from '@os/shared';
import { expect, type Page } from '@playwright/test';
import { test } from './support/admin-test';
import { goOfflineReady, openAction, saveTrip, technicianOnNewOrder } from './support/field';
import { signIn, TEC } from './support/session';

// A phone (360x740), as in the field.
test.use({ viewport: { width: 360, height: 740 } });

/** The signed-in frame is drawn: the top bar with 'Sair', and no error screen. */
async function expectFrameDrawn(page: Page) {
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  await expect(page.locator('main')).toBeVisible();
}

test('[TEC] signing out offline with a pending entry warns every time, and the page stays drawn', async ({
  page,
  context,
  admin,
}) => {
  const { card } = await technicianOnNewOrder(page, admin, 'Sair sem sinal');
  await goOfflineReady(page, context, card);
  // Reloaded without signal: from here on only what the service worker holds is there.
  await page.reload();
  await expect(card).toBeVisible();

  await openAction(card, 'Add Timesheet');
  const timesheet = page.getByRole('dialog', { name: 'Lacamento de Horas e Kilometragem' });
  await saveTrip(timesheet, '07:00', '09:00', 'Salvar Viagem Ida');
  await expect(page.getByText('1 pendente', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByRole('button', { name: 'Sair' }).click();
    const warning = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(warning.getByText(OFFLINE_MSG.signOutPending)).toBeVisible();
    await warning.getByRole('button', { name: 'Cancelar' }).click();
    await expect(warning).toBeHidden();
    // Still signed in, the card and the pending entry still there.
    await expect(card).toBeVisible();
    await expect(page.getByText('1 pendente', { exact: true })).toBeVisible();
    await expectFrameDrawn(page);
  }
});

test('[TEC] every technician screen opened offline after one online visit draws', async ({ page, context, admin }) => {
  test.setTimeout(90_000);
  const { card } = await technicianOnNewOrder(page, admin, 'Telas sem sinal');
  await goOfflineReady(page, context, card);

  for (const path of ['/', '/service-orders', '/os', '/clientes', '/tipodespesas', '/equipamentos', '/equipamentos/1', '/nada']) {
    await page.goto(path);
    await expectFrameDrawn(page);
    await expect(page.getByText(OFFLINE_MSG.errorTitle)).toHaveCount(0);
    // Something of the screen itself is shown (its title, its list, or what it says without signal).
    await expect(page.locator('main')).toHaveText(/\p{L}{3}/u);
  }
});

test.describe('a screen whose code cannot be fetched', () => {
  // Without the service worker every request of the page goes through page.route.
  test.use({ serviceWorkers: 'block' });

  test('[TEC] shows "Algo deu errado" with "Recarregar", and reloading draws the screen', async ({ page }) => {
    await signIn(page, TEC);
    await page.route(/\/assets\/clients-page-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/clientes');
    await expect(page.getByRole('heading', { name: OFFLINE_MSG.errorTitle })).toBeVisible();
    await expect(page.getByText(OFFLINE_MSG.keptEntries)).toBeVisible();
    await expectFrameDrawn(page);

    await page.unroute(/\/assets\/clients-page-[^/]+\.js$/);
    await page.getByRole('button', { name: OFFLINE_MSG.reload }).click();
    await expect(page.getByRole('heading', { name: OFFLINE_MSG.errorTitle })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  });
});
