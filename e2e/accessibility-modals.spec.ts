import { padNumber } from '@os/shared';
import { expect, test } from '@playwright/test';
import { createOrder, signInByApi } from './support/api';
import { checkModal, settle, violationLog } from './support/axe';
import { CHROMIUM } from './support/chromium';
import { ADMIN } from './support/session';

// axe-core (npm) on the office modals, in the full Chromium: the PDF modal is checked with the PDF in Chromium's
// viewer, which the headless shell the other specs run in does not have.
test.use({ launchOptions: CHROMIUM });

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
