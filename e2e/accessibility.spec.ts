import fs from 'node:fs';
import path from 'node:path';
import { padNumber } from '@os/shared';
import { expect, test } from '@playwright/test';
import { orderWithTripAndServiceDay, signInByApi } from './support/api';
import { checkModal, seriousViolations, settle, violationLog } from './support/axe';
import { ADMIN, signIn, TEC } from './support/session';

// axe-core (npm) run on every screen of the router and on the modals; no serious or critical violation.
// The screens are read from the router, so a screen added later is checked too.
const routerFile = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/app/router.tsx'), 'utf8');
const adminScreens = /const ADMIN_SCREENS = \{([^}]*)\}/.exec(routerFile)?.[1] ?? '';
const screens = [
  '/',
  // <Route path="os" …>, and the admin's screens by their keys (ADMIN_SCREENS).
  ...[...routerFile.matchAll(/path="([^":*]+)"/g)].map((m) => m[1]!),
  ...[...adminScreens.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!),
]
  .map((p) => (p.startsWith('/') ? p : `/${p}`))
  .filter((p) => p !== '/login' && p !== '/esqueci' && p !== '/bi');
if (screens.length < 20) throw new Error(`the router's screens were not found: ${screens.join(', ')}`);

test('[ANON] the sign-in and password-recovery screens have no serious accessibility violation', async ({ page }) => {
  const found: string[] = [];
  for (const url of ['/login', '/esqueci']) {
    await page.goto(url);
    await settle(page);
    for (const v of await seriousViolations(page)) found.push(`${url} ${v}`);
  }
  expect(found).toEqual([]);
});

test('[PUBLIC] /bi and the recovery link (/esqueci step 2) have no serious accessibility violation', async ({ page }) => {
  const log = violationLog(page);
  await page.goto('/bi');
  await expect(page.getByRole('heading', { name: 'Power Bi Clientes' })).toBeVisible();
  await settle(page);
  await log.check('/bi');

  // Step 2 opens from the e-mailed link; a made-up token still shows the form, and its failure state.
  await page.goto('/esqueci?token=token-inventado-0123456789');
  await expect(page.getByRole('heading', { name: 'Cadastre seu Login e senha de acesso' })).toBeVisible();
  await settle(page);
  await log.check('/esqueci?token (form)');
  // Sent empty: the messages under the fields.
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByLabel('Login')).toHaveAttribute('aria-invalid', 'true');
  await log.check('/esqueci?token (required fields)');
  // The server refuses the made-up token: 'Erro!' 'Tente novamente.' for 2 s, then back to /login.
  await page.getByLabel('Login').fill('novo.login');
  await page.getByLabel('Senha').fill('senha-nova-123');
  await page.getByRole('button', { name: 'Gravar' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Tente novamente.' });
  await expect(failure).toBeVisible();
  await log.check('/esqueci?token (refused token)');
  await expect(failure, 'axe ran while the failure was on screen').toBeVisible();
  expect(log.found).toEqual([]);
});

test('[ADMIN] every screen has no serious or critical accessibility violation, light and dark', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const found: string[] = [];
  for (const url of screens) {
    await page.goto(url);
    await settle(page);
    for (const v of await seriousViolations(page)) found.push(`${url} ${v}`);
  }
  // Dark mode: the class on <html> (docs/ui.md#behaviour), checked on the main list screens for contrast.
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  for (const url of ['/', '/os', '/service-orders']) {
    await page.goto(url);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await settle(page);
    for (const v of await seriousViolations(page)) found.push(`${url} (dark) ${v}`);
  }
  expect(found).toEqual([]);
});

test('[TEC] /service-orders has no serious or critical accessibility violation at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, TEC);
  await page.goto('/service-orders');
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('[TEC] the field modals and the menu drawer have no serious or critical accessibility violation at 360 px', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A fresh order of joao's with a trip, a service day and a description (the demo orders belong to other journeys).
  const order = await orderWithTripAndServiceDay(request, 'Acessibilidade dos lançamentos', '2026-04-10');
  expect(
    (
      await request.post('/api/descricao/', {
        multipart: { data: '2026-04-10', descricao: 'Troca de disjuntor.', osnumber: String(order.id) },
      })
    ).status(),
  ).toBe(201);

  await page.setViewportSize({ width: 360, height: 740 });
  await signInByApi(page, TEC);
  const log = violationLog(page);
  await page.goto('/service-orders');
  const card = page.getByRole('article', { name: `OS ${padNumber(order.numero)}` });
  await card.getByRole('button', { name: 'Expandir' }).click();
  await log.check('/service-orders (card expanded)');

  // The side menu drawer behind 'Menu'.
  await page.getByRole('button', { name: 'Menu' }).click();
  await checkModal(page, log, 'menu drawer', page.getByRole('dialog'));

  await card.getByRole('button', { name: 'Add Timesheet' }).click();
  const timesheet = page.getByRole('dialog', { name: 'Lacamento de Horas e Kilometragem' });
  await expect(timesheet).toBeVisible();
  for (const tab of ['Viagem Ida', 'Entrada/Saída Serviço', 'Viagem Volta']) {
    await timesheet.getByRole('tab', { name: tab }).click();
    await expect(timesheet.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await log.check(`timesheet ${tab}`);
  }
  // The 'fill everything' message over the modal.
  await timesheet.getByRole('button', { name: 'Salvar Viagem Volta' }).click();
  await checkModal(page, log, 'timesheet message dialog', page.getByRole('alertdialog'));
  await page.keyboard.press('Escape');
  await expect(timesheet).toBeHidden();

  await card.getByRole('button', { name: 'Add Descrição' }).click();
  await checkModal(page, log, 'Descrição da Atividade', page.getByRole('dialog', { name: 'Descrição da Atividade' }));
  await card.getByRole('button', { name: 'Add Despesas' }).click();
  await checkModal(page, log, 'Lançamento de Despesas', page.getByRole('dialog', { name: 'Lançamento de Despesas' }));
  await card.getByRole('button', { name: 'Checklist' }).click();
  await checkModal(page, log, 'Checklist', page.getByRole('dialog', { name: 'Checklist' }));
  await card.getByRole('button', { name: 'Assinar' }).click();
  await checkModal(page, log, 'Assinar OS', page.getByRole('dialog', { name: 'Assinar OS' }));
  await card.getByRole('button', { name: 'Visualizar' }).click();
  const view = page.getByRole('dialog', { name: 'Ordem de Serviço' });
  await expect(view.getByRole('table', { name: 'Viagem Ida' })).toContainText('01:30');
  await checkModal(page, log, 'Visualizar', view);

  expect(log.found).toEqual([]);
});
