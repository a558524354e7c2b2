import { expect, type Page, test } from '@playwright/test';
import { ADMIN, STANDARD_USER, signIn, TEC } from './support/session';

const ADMIN_ONLY_LINKS = [
  'Ordem de Serviços',
  'Clientes',
  'Tipo de Despesas',
  'Materiais',
  'Empresas',
  'Gestão de Usuários',
  'Email',
  'Mensagens enviadas',
  'Relatorio de O.S.',
  'Fechamento',
  'Dash',
  'Manutenções Previstas',
  'Configurações',
];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

test('[ADMIN] signs in and sees the menu', async ({ page }) => {
  await signIn(page, ADMIN);

  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Início · OS');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Sistema de Ordens de Serviço')).toBeVisible();
  await expect(banner.getByText('Admin', { exact: true })).toBeVisible();

  await expect(menu(page).getByRole('button', { name: 'Cadastros' })).toBeVisible();
  await expect(menu(page).getByRole('button', { name: 'Relatórios' })).toBeVisible();
  await expect(menu(page).getByRole('button', { name: 'Utilitários' })).toBeVisible();
  for (const name of [...ADMIN_ONLY_LINKS, 'Lançamentos', 'Estoque']) {
    await expect(menu(page).getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu(page).getByRole('link', { name: 'Dash', exact: true })).toHaveAttribute('href', '/dashboard');

  // The utility group is every admin's, folded away until opened.
  await menu(page).getByRole('button', { name: 'Utilitários' }).click();
  for (const name of ['Grid', 'PDF ESTUDO', 'Dicas', 'Gerar Prompt', 'Rótulos', 'Documentos']) {
    await expect(menu(page).getByRole('link', { name, exact: true })).toBeVisible();
  }
  // One 'Fechamento' in the menu (docs/rules.md#daily-use): /pdf, whose 'Fechar ordens' opens the closing.
  await expect(menu(page).getByRole('link', { name: /Fechamento/ })).toHaveCount(1);
  await expect(menu(page).getByRole('link', { name: /Fechamento/ })).toHaveAttribute('href', '/pdf');

  // A menu entry opens its screen, highlighted in the menu, with the tab named after it.
  await menu(page).getByRole('link', { name: 'Gestão de Usuários' }).click();
  await expect(page).toHaveURL('/users');
  await expect(page.getByRole('heading', { name: 'Gestão de Usuários' })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Adicionar Usuário' })).toBeVisible();
  await expect(page).toHaveTitle('Gestão de Usuários · OS');
  await expect(menu(page).getByRole('link', { name: 'Gestão de Usuários' })).toHaveAttribute('aria-current', 'page');

  // docs/screens.md#routes: /Tipodespesas is answered like /tipodespesas.
  await page.goto('/Tipodespesas');
  await expect(page.getByRole('heading', { name: 'Gestão de Tipos de Despesas' })).toBeVisible();
});

test('[TEC] signs in to the job list and sees only Lançamentos and Meu estoque', async ({ page }) => {
  await signIn(page, TEC);
  // docs/rules.md#daily-use: role tec lands on /service-orders, not on an empty home screen.
  await expect(page).toHaveURL('/service-orders');
  await expect(page.getByRole('heading', { name: 'Ordens de Serviço' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL('/service-orders');

  await expect(page.getByRole('banner').getByText('Tecnico', { exact: true })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Lançamentos' })).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText(['Lançamentos', 'Meu estoque']);
  await expect(menu(page).getByRole('button', { name: 'Cadastros' })).toHaveCount(0);
  await expect(menu(page).getByRole('button', { name: 'Relatórios' })).toHaveCount(0);
  for (const name of ADMIN_ONLY_LINKS) {
    await expect(menu(page).getByRole('link', { name, exact: true })).toHaveCount(0);
  }

  await menu(page).getByRole('link', { name: 'Lançamentos' }).click();
  await expect(page).toHaveURL('/service-orders');
  await expect(page.getByRole('heading', { name: 'Ordens de Serviço' })).toBeVisible();
});

test('[TEC] typing an admin route lands on the job list', async ({ page }) => {
  await signIn(page, TEC);

  for (const route of ['/users', '/configuracoes', '/empresas']) {
    await page.goto(route);
    await expect(page).toHaveURL('/service-orders');
    await expect(page.getByRole('heading', { name: 'Ordens de Serviço' })).toBeVisible();
  }
});

test('[USER] a standard user sees Ordem de Serviços, Orçamentos, Solicitações, Agenda, Equipamentos, Manutenções Previstas, Estoque and Lançamentos', async ({
  page,
}) => {
  await signIn(page, STANDARD_USER);

  await expect(page.getByRole('banner').getByText('Padrao', { exact: true })).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText([
    'Ordem de Serviços',
    'Orçamentos',
    /^Solicitações\d*$/,
    'Agenda',
    'Equipamentos',
    'Manutenções Previstas',
    'Estoque',
    'Lançamentos',
  ]);
  await menu(page).getByRole('link', { name: 'Ordem de Serviços' }).click();
  await expect(page.getByRole('heading', { name: 'Gestão de Ordens de Serviço' })).toBeVisible();
});

test('[GUEST] a wrong password shows the failure message', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login · OS');
  await page.getByLabel('Usuário').fill('maria');
  await page.getByLabel('Senha').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('link', { name: 'Esqueci a senha.' })).toHaveAttribute('href', '/esqueci');
});

test('[GUEST] a protected page asked for first is where sign-in lands', async ({ page }) => {
  await page.goto('/clientes');
  await expect(page).toHaveURL('/login');

  await page.getByLabel('Usuário').fill(ADMIN.username);
  await page.getByLabel('Senha').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL('/clientes');
  await expect(page.getByRole('heading', { name: 'Gestão de Clientes' })).toBeVisible();

  // Signed in, /login sends home.
  await page.goto('/login');
  await expect(page).toHaveURL('/');
});

test('[ADMIN] the theme toggle switches to dark and survives a reload', async ({ page }) => {
  await signIn(page, ADMIN);
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Alternar tema' }).click();
  await expect(html).toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Sistema de Ordens de Serviço' })).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Alternar tema' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test('[ADMIN] logout goes to /login and the session is gone', async ({ page }) => {
  await signIn(page, ADMIN);

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.goto('/');
  await expect(page).toHaveURL('/login');
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('[ADMIN] the side menu hides behind the Menu button', async ({ page }) => {
    await signIn(page, ADMIN);

    await expect(menu(page)).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();

    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Clientes' })).toBeVisible();
    await expect(drawer.getByText('Admin', { exact: true })).toBeVisible();

    // Choosing a screen closes the drawer.
    await drawer.getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL('/clientes');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Gestão de Clientes' })).toBeVisible();

    // Nothing is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
