import { cnpjCheckDigits, formatCnpj } from '@os/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, signIn, TEC } from './support/session';

/** A valid CNPJ made from a number, so every run's clients differ from the demo ones. */
function cnpjFor(n: number, prefix = '9'): string {
  const base = `${prefix}${String(n).padStart(7, '0')}0001`;
  return base + cnpjCheckDigits(base);
}

// A shared machine runs these slowly; the client journey alone makes 20 clients.
test.describe.configure({ timeout: 90_000 });

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');

/** The admin on a register's screen (`url`, its `heading`), its add button pressed: the new row's modal. */
async function openNewRow(page: Page, url: string, heading: string, add: string, modalTitle: string) {
  await signIn(page, ADMIN);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByRole('button', { name: add }).click();
  return page.getByRole('dialog', { name: modalTitle });
}

/** 'Criar' on an empty form: the 'Erro!' dialog says `message`, and is closed. */
async function createRefused(page: Page, modal: Locator, message: string) {
  await modal.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByRole('alertdialog').getByText(message)).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button').first().click();
}

test('[ADMIN] creates, searches, pages through, edits and deletes a client', async ({ page }) => {
  await signIn(page, ADMIN);
  const tag = `E2E${Date.now() % 100000}`;
  // 19 clients through the API (the browser's own session), the 20th through the screen.
  for (let i = 1; i <= 19; i++) {
    const res = await page.request.post('/api/clientes', {
      data: {
        razao: `${tag} Cliente ${String(i).padStart(2, '0')}`,
        fantasia: `Fantasia ${i}`,
        cnpj: cnpjFor(Number(`${Date.now() % 1000}${i}`)),
      },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Gestão de Clientes' })).toBeVisible();
  await expect(page).toHaveTitle('Clientes · OS');

  await page.getByRole('button', { name: '+ Novo Cliente' }).click();
  const modal = page.getByRole('dialog', { name: 'Novo Cliente' });
  // Required fields missing: the old product's 'Erro!' dialog, nothing sent.
  await modal.getByRole('button', { name: 'Criar' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert.getByText('Erro!')).toBeVisible();
  await expect(alert.getByText('Preencha razao, cnpj e e-mail do cliente.')).toBeVisible();
  await alert.getByRole('button').first().click();

  await modal.getByLabel('Razão Social').fill(`${tag} Cliente 20`);
  await modal.getByLabel('Nome Fantasia').fill('Vinte Solar');
  await modal.getByLabel('CNPJ').fill(cnpjFor(4242, '8'));
  await modal.getByLabel('CEP').fill('01310100');
  await modal.getByLabel('Cidade').fill('São Paulo');
  await modal.getByLabel('Estado (UF)').selectOption('SP');
  await modal.getByLabel('E-mail').fill('vinte@example.com');
  await expect(modal.getByLabel('Percentual')).toHaveValue('1,35');
  await modal.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByRole('alertdialog').getByText('Sucesso!')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button').first().click();

  // Server search, case-insensitive, on razao plus fantasia.
  const search = page.getByPlaceholder('Buscar por Razão/Fantasia...');
  await search.fill(tag.toLowerCase());
  await expect(page.getByText('Clientes encontrados: 20')).toBeVisible();
  await expect(rows(page)).toHaveCount(7);
  await expect(rows(page).first()).toContainText(`${tag} Cliente 01`);

  // 20 clients = 3 pages of 7.
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(rows(page).first()).toContainText(`${tag} Cliente 08`);
  await page.getByRole('button', { name: 'Última página' }).click();
  await expect(rows(page)).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Página 3' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Avançar 10 páginas' })).toBeDisabled();
  await page.getByRole('button', { name: 'Voltar 10 páginas' }).click();
  await expect(page.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');

  await search.fill('vinte SOLAR');
  await expect(page.getByText('Clientes encontrados: 1')).toBeVisible();
  const row = rows(page).first();
  await expect(row).toContainText(formatCnpj(cnpjFor(4242, '8')));
  await expect(row).toContainText('01310-100');
  await expect(row).toContainText('1,35');

  // Edit: codigo read-only, 'Sucesso!' 'Cliente atualizado com sucesso.'.
  await row.getByRole('button', { name: `Editar ${tag} Cliente 20` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Cliente' });
  await expect(edit.getByLabel('Código')).toBeDisabled();
  await edit.getByLabel('Nome Fantasia').fill('Vinte Solar Editado');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('alertdialog').getByText('Cliente atualizado com sucesso.')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button').first().click();
  await expect(rows(page).first()).toContainText('Vinte Solar Editado');

  // Delete after the old product's confirmation.
  await rows(page)
    .first()
    .getByRole('button', { name: `Excluir ${tag} Cliente 20` })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Tem certeza que deseja excluir este cliente?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await expect(page.getByText('Clientes encontrados: 0')).toBeVisible();
});

test('[ADMIN] creates and deletes an expense type', async ({ page }) => {
  const name = `Lavanderia ${Date.now() % 100000}`;
  const modal = await openNewRow(
    page,
    '/Tipodespesas',
    'Gestão de Tipos de Despesas',
    '+ Novo Tipo Despesa',
    'Novo Tipo de Despesa',
  );
  await createRefused(page, modal, 'Preencha o tipo de despesa.');
  await modal.getByLabel('Despesa').fill(name);
  await modal.getByRole('button', { name: 'Criar' }).click();
  const row = rows(page).filter({ hasText: name });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  await expect(page.getByRole('alertdialog').getByText('Tem certeza que deseja excluir este tipo de despesa?')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(row).toHaveCount(0);
});

test('[ADMIN] creates and deletes a company', async ({ page }) => {
  const name = `Empresa E2E ${Date.now() % 100000}`;
  const modal = await openNewRow(page, '/empresas', 'Gestão de Empresas', 'Adicionar Empresas', 'Adicionar Empresa');
  await modal.getByLabel('Nome').fill(name);
  await modal.getByLabel('CNPJ').fill('12abc34501de35');
  await modal.getByLabel('Inscr. Estadual').fill('123.456.789');
  await modal.getByRole('button', { name: 'Criar' }).click();
  const row = rows(page).filter({ hasText: name });
  await expect(row).toContainText('12.ABC.345/01DE-35');

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(row).toHaveCount(0);
});

test('[ADMIN] creates a technician who then signs in', async ({ page }) => {
  const username = `tec${Date.now() % 100000}`;
  const modal = await openNewRow(page, '/users', 'Gestão de Usuários', '+ Adicionar Usuário', 'Adicionar Usuário');
  await createRefused(page, modal, 'Por favor, preencha todos os campos obrigatórios.');
  await expect(modal.getByLabel('Tipo')).toHaveValue('');
  await expect(modal.getByLabel('Tipo').locator('option', { hasText: 'Selecione o tipo de usuário' })).toBeDisabled();

  await modal.getByLabel('Nome Completo').fill('Técnico de Teste');
  await modal.getByLabel('Login').fill(username);
  await modal.getByLabel('Senha').fill('senha-do-tecnico');
  await modal.getByLabel('Email').fill(`${username}@example.com`);
  await modal.getByLabel('Tipo').selectOption('tec');
  await modal.getByRole('button', { name: 'Criar' }).click();
  const row = rows(page).filter({ hasText: username });
  await expect(row).toContainText('••••••');
  await expect(row).toContainText('Tecnico');
  await expect(row).not.toContainText('senha-do-tecnico');

  await page.context().clearCookies();
  await signIn(page, { username, password: 'senha-do-tecnico' });
  await expect(page.getByRole('banner').getByText('Tecnico', { exact: true })).toBeVisible();
});

test('[ADMIN] edits a system parameter', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/configuracoes');
  await expect(page.getByRole('heading', { name: 'Parâmetros do Sistema' })).toBeVisible();
  const row = rows(page).filter({ hasText: 'Hora Extra' });
  await expect(row).toContainText('002');
  await row.getByRole('button', { name: 'Editar Hora Extra' }).click();
  const modal = page.getByRole('dialog', { name: 'Editar Parâmetro' });
  await modal.getByLabel('Inicio').fill('18:30');
  await modal.getByLabel('Valor (R$)').fill('195.5');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('alertdialog').getByText('Sucesso!')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button').first().click();
  await expect(row).toContainText('18:30');
  await expect(row).toContainText('R$ 195,50');
});

test('[TEC] reads the clients and expense types but cannot change them', async ({ page }) => {
  await signIn(page, TEC);
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Gestão de Clientes' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Novo Cliente' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Excluir / })).toHaveCount(0);
  await page.goto('/tipodespesas');
  await expect(rows(page).filter({ hasText: 'Combustível' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: '+ Novo Tipo Despesa' })).toHaveCount(0);
});

/** Each register's form modal: how to open it from its screen, its title and a field to type in. */
const byButton = (name: string) => (p: Page) => p.getByRole('button', { name });
const FORM_MODALS = [
  { path: '/clientes', dialog: 'Novo Cliente', field: 'Razão Social', open: byButton('+ Novo Cliente') },
  { path: '/tipodespesas', dialog: 'Novo Tipo de Despesa', field: 'Despesa', open: byButton('+ Novo Tipo Despesa') },
  { path: '/empresas', dialog: 'Adicionar Empresa', field: 'Nome', open: byButton('Adicionar Empresas') },
  { path: '/users', dialog: 'Adicionar Usuário', field: 'Login', open: byButton('+ Adicionar Usuário') },
  {
    path: '/configuracoes',
    dialog: 'Editar Parâmetro',
    field: 'Valor (R$)',
    open: (p: Page) => rows(p).filter({ hasText: 'Hora Viagem' }).getByRole('button', { name: 'Editar Hora Viagem' }),
  },
];

test('[ADMIN] a register modal with unsaved changes asks before closing', async ({ page }) => {
  await signIn(page, ADMIN);
  for (const { path, dialog, field, open } of FORM_MODALS) {
    await page.goto(path);
    const modal = page.getByRole('dialog', { name: dialog });
    const ask = page.getByRole('alertdialog');

    // Untouched: Escape closes at once.
    await open(page).click();
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(ask).toHaveCount(0);

    // Typed changes: Escape asks; 'Cancelar' keeps the modal and what was typed.
    await open(page).click();
    await modal.getByLabel(field).fill('123');
    await page.keyboard.press('Escape');
    await expect(ask.getByText('Há alterações não salvas. Deseja descartá-las?')).toBeVisible();
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await expect(ask).toBeHidden();
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel(field)).toHaveValue('123');

    // The modal's own 'Cancelar' asks too; 'Descartar' closes it.
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await ask.getByRole('button', { name: 'Descartar' }).click();
    await expect(modal).toBeHidden();
  }

  // Editing an existing client: opening it changes nothing, so Escape does not ask.
  await page.goto('/clientes');
  await rows(page)
    .first()
    .getByRole('button', { name: /^Editar / })
    .click();
  const edit = page.getByRole('dialog', { name: 'Editar Cliente' });
  await expect(edit.getByLabel('Razão Social')).not.toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('[ADMIN] a saved client and technician are offered at once by the order form and the report filters', async ({ page }) => {
  await signIn(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const tag = `Fresco ${Date.now() % 100000}`;
  const username = `fresco${Date.now() % 100000}`;

  // Load both dropdowns first, so that stale copies would be in the cache.
  await menu.getByRole('link', { name: 'Ordem de Serviços', exact: true }).click();
  await page.getByRole('button', { name: '+ Nova OS' }).click();
  let order = page.getByRole('dialog', { name: 'Nova OS' });
  await expect(order.getByLabel(/^Cliente\*?$/).locator('option', { hasText: 'Hospital São Lucas' })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(order).toBeHidden();
  await menu.getByRole('link', { name: 'Relatorio de O.S.', exact: true }).click();
  await expect(page.getByLabel(/^Cliente\*?$/).locator('option', { hasText: 'Hospital São Lucas' })).toBeAttached();

  await menu.getByRole('link', { name: 'Clientes', exact: true }).click();
  await page.getByRole('button', { name: '+ Novo Cliente' }).click();
  const client = page.getByRole('dialog', { name: 'Novo Cliente' });
  await client.getByLabel('Razão Social').fill(tag);
  await client.getByLabel('CNPJ').fill(cnpjFor(Number(`${Date.now() % 100000}7`), '7'));
  await client.getByLabel('E-mail').fill('fresco@example.com');
  await client.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByRole('alertdialog').getByText('Sucesso!')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button').first().click();

  await menu.getByRole('link', { name: 'Gestão de Usuários', exact: true }).click();
  await page.getByRole('button', { name: '+ Adicionar Usuário' }).click();
  const user = page.getByRole('dialog', { name: 'Adicionar Usuário' });
  await user.getByLabel('Nome Completo').fill(`Técnico ${tag}`);
  await user.getByLabel('Login').fill(username);
  await user.getByLabel('Senha').fill('senha-do-tecnico');
  await user.getByLabel('Email').fill(`${username}@example.com`);
  await user.getByLabel('Tipo').selectOption('tec');
  await user.getByRole('button', { name: 'Criar' }).click();
  await expect(rows(page).filter({ hasText: username })).toHaveCount(1);

  await menu.getByRole('link', { name: 'Ordem de Serviços', exact: true }).click();
  await page.getByRole('button', { name: '+ Nova OS' }).click();
  order = page.getByRole('dialog', { name: 'Nova OS' });
  await expect(order.getByLabel(/^Cliente\*?$/).locator('option', { hasText: tag })).toBeAttached();
  await expect(order.getByLabel('Técnico').locator('option', { hasText: `Técnico ${tag}` })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(order).toBeHidden();

  await menu.getByRole('link', { name: 'Relatorio de O.S.', exact: true }).click();
  await expect(page.getByLabel(/^Cliente\*?$/).locator('option', { hasText: tag })).toBeAttached();
  await expect(page.getByLabel('Engenheiro').locator('option', { hasText: `Técnico ${tag}` })).toBeAttached();
});
