import fs from 'node:fs';
import path from 'node:path';
import { padNumber } from '@os/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createOrder, orderWithTripAndServiceDay, signInByApi } from './support/api';
import { seriousViolations, settle, violationLog } from './support/axe';
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

/** Checks a modal once it is open and loaded, then closes it with Escape. */
async function checkModal(page: Page, log: ReturnType<typeof violationLog>, label: string, dialog: Locator) {
  await expect(dialog).toBeVisible();
  // Let what the modal loads arrive; Chromium's PDF viewer may keep a request open, so 10 s at most.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await log.check(label);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

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

test('[ADMIN] the office modals have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(240_000);
  await signInByApi(page, ADMIN);
  const log = violationLog(page);
  // An order with a PDF, for the viewer.
  const withPdf = await createOrder(page.request, { motivo: 'Acessibilidade do visualizador de PDF' });
  expect((await page.request.post(`/api/os/${withPdf.id}/pdf`)).ok()).toBeTruthy();

  // /os: new order (empty, then refused), edit (with its history).
  await page.goto('/os');
  await expect(page.getByRole('table', { name: 'Gestão de Ordens de Serviço' }).locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: '+ Nova OS' }).click();
  const newOrder = page.getByRole('dialog', { name: 'Nova OS' });
  // The form is drawn with its lists loaded: Técnico starts empty, offering the technicians.
  await expect(newOrder.getByLabel('Técnico')).toHaveValue('');
  await expect(newOrder.getByLabel('Técnico').getByRole('option', { name: 'Maria Oliveira' })).toBeAttached();
  await log.check('/os Nova OS');
  await newOrder.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('Preencha os campos obrigatórios.')).toBeVisible();
  await checkModal(page, log, '/os Nova OS (required fields)', newOrder);
  // The red toast, checked above, is gone before the next check (not fading out during it); the pointer,
  // left over it by the click on 'Criar', would hold it.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Preencha os campos obrigatórios.')).toBeHidden();
  await page
    .getByRole('button', { name: /^Editar OS \d{5}$/ })
    .first()
    .click();
  const editOrder = page.getByRole('dialog', { name: /^Editar OS \d{5}$/ });
  await expect(editOrder.getByRole('region', { name: 'Histórico' })).toBeVisible();
  await checkModal(page, log, '/os Editar OS', editOrder);
  // The confirmation before deleting an order.
  await page
    .getByRole('button', { name: /^Excluir OS \d{5}$/ })
    .first()
    .click();
  await checkModal(page, log, '/os confirm delete', page.getByRole('alertdialog'));

  // /clientes: new client, its 'Erro!' message dialog, edit, and the delete confirmation.
  await page.goto('/clientes');
  const firstClient = page.getByRole('table').locator('tbody tr').first();
  await expect(firstClient).toBeVisible();
  await page.getByRole('button', { name: '+ Novo Cliente' }).click();
  const newClient = page.getByRole('dialog', { name: 'Novo Cliente' });
  await expect(newClient).toBeVisible();
  await log.check('/clientes Novo Cliente');
  await newClient.getByRole('button', { name: 'Criar' }).click();
  await checkModal(page, log, '/clientes message dialog Erro!', page.getByRole('alertdialog'));
  await checkModal(page, log, '/clientes Novo Cliente (invalid)', newClient);
  await firstClient.getByRole('button', { name: /^Editar / }).click();
  await checkModal(page, log, '/clientes Editar Cliente', page.getByRole('dialog', { name: 'Editar Cliente' }));
  await firstClient.getByRole('button', { name: /^Excluir / }).click();
  const confirmClient = page.getByRole('alertdialog');
  await expect(confirmClient).toContainText('Tem certeza que deseja excluir este cliente?');
  await checkModal(page, log, '/clientes confirm delete', confirmClient);

  // The other registers' forms.
  const registers: [string, string | RegExp, string][] = [
    ['/tipodespesas', '+ Novo Tipo Despesa', 'Novo Tipo de Despesa'],
    ['/checklists', '+ Novo Modelo', 'Novo Modelo de Checklist'],
    ['/empresas', 'Adicionar Empresas', 'Adicionar Empresa'],
    ['/users', '+ Adicionar Usuário', 'Adicionar Usuário'],
    ['/configuracoes', /^Editar /, 'Editar Parâmetro'],
  ];
  for (const [url, opener, title] of registers) {
    await page.goto(url);
    await settle(page);
    await page.getByRole('button', { name: opener }).first().click();
    await checkModal(page, log, `${url} ${title}`, page.getByRole('dialog', { name: title }));
  }

  // /osrelatorio: the order modal from a report row.
  await page.goto('/osrelatorio');
  await page
    .getByRole('button', { name: /^Editar OS \d{5}$/ })
    .first()
    .click();
  await checkModal(page, log, '/osrelatorio Editar OS', page.getByRole('dialog', { name: /^Editar OS \d{5}$/ }));

  // /fechamento: the preview of a closing (nothing is closed).
  await page.goto('/fechamento');
  await page.getByRole('button', { name: 'Buscar Dados' }).click();
  await page
    .getByRole('checkbox', { name: /^Selecionar OS/, disabled: false })
    .first()
    .check();
  await page.getByRole('button', { name: 'Pré-visualizar fechamento' }).click();
  await checkModal(page, log, '/fechamento Prévia do fechamento', page.getByRole('dialog', { name: 'Prévia do fechamento' }));

  // /pdf: the PDF viewer.
  const numero = padNumber(withPdf.numero);
  await page.goto('/pdf');
  await page.getByPlaceholder('Buscar por cliente ou número').fill(String(withPdf.numero));
  await page.getByRole('button', { name: `Visualizar PDF da OS ${numero}` }).click();
  const viewer = page.getByRole('dialog', { name: `Visualizar PDF - OS ${numero}` });
  await expect(viewer.locator('object[type="application/pdf"]')).toBeAttached();
  await checkModal(page, log, '/pdf Visualizar PDF', viewer);

  // Dark mode: the order and client forms and a confirmation.
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/os');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: '+ Nova OS' }).click();
  await checkModal(page, log, '/os Nova OS (dark)', page.getByRole('dialog', { name: 'Nova OS' }));
  await page.goto('/clientes');
  await page.getByRole('button', { name: '+ Novo Cliente' }).click();
  await checkModal(page, log, '/clientes Novo Cliente (dark)', page.getByRole('dialog', { name: 'Novo Cliente' }));
  await page
    .getByRole('table')
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /^Excluir / })
    .click();
  await checkModal(page, log, '/clientes confirm delete (dark)', page.getByRole('alertdialog'));

  expect(log.found).toEqual([]);
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
