import { expect, type Page, test } from '@playwright/test';
import { linkInOutbox } from './support/outbox';
import { ADMIN, signIn } from './support/session';

async function askForLink(page: Page, nome: string, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci a senha.' }).click();
  await expect(page).toHaveURL('/esqueci');
  await page.getByLabel('Nome completo').fill(nome);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar' }).click();
}

test('[PUBLIC] recovers access through the e-mailed one-time link', async ({ page }) => {
  await askForLink(page, 'carlos pereira', 'carlos@example.com');
  await expect(page.getByRole('status').filter({ hasText: 'Enviamos um link para o seu e-mail' })).toBeVisible();

  const link = await linkInOutbox('carlos@example.com', /https?:\/\/\S+\/esqueci\?token=[\w-]+/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Cadastre seu Login e senha de acesso' })).toBeVisible();
  await page.getByLabel('Login').fill('carlos.pereira');
  await page.getByLabel('Senha').fill('nova-senha-2026');
  await page.getByRole('button', { name: 'Gravar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Sucesso!')).toBeVisible();
  await expect(dialog.getByText('Login atualizado com sucesso.')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/login');

  await signIn(page, { username: 'carlos.pereira', password: 'nova-senha-2026' });
  await page
    .getByRole('button', { name: /sair|logout/i })
    .first()
    .click();
  await expect(page).toHaveURL('/login');

  // The link works once: a second use shows 'Erro!' / 'Tente novamente.' and returns to /login.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Login').fill('outro.login');
  await page.getByLabel('Senha').fill('outra-senha-2026');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByRole('alert').getByText('Erro!')).toBeVisible();
  await expect(page.getByRole('alert').getByText('Tente novamente.')).toBeVisible();
  await expect(page).toHaveURL('/login', { timeout: 5_000 });
});

test('[PUBLIC] is told when the name and e-mail match no user, then goes back to the login', async ({ page }) => {
  await askForLink(page, 'Pessoa Inexistente', 'ninguem@example.com');
  await expect(page.getByRole('alert').getByText('Você não é um usuário cadastrado na Plataforma!')).toBeVisible();
  await expect(page).toHaveURL('/login', { timeout: 6_000 });
  await expect(page.getByRole('link', { name: 'Esqueci a senha.' })).toBeVisible();
});

test('[ADMIN] sees the e-mail system with both tabs', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/emails');
  await expect(page.getByRole('heading', { name: 'Sistema de Envio de Emails' })).toBeVisible();
  for (const label of ['Nome', 'Email do Destinatário', 'Mensagem', 'Numero da OS ou Fechamento']) {
    await expect(page.getByRole('textbox', { name: label, exact: true })).toBeVisible();
  }
  for (const label of ['Cliente', 'Tipo Documento']) {
    await expect(page.getByRole('combobox', { name: label, exact: true })).toBeVisible();
  }
  // The sender's name starts as the user's full name (docs/rules.md#daily-use).
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Administrador');
  await expect(page.getByRole('button', { name: 'Enviar Email' })).toBeVisible();

  // Every field is required: nothing is sent.
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('');
  await page.getByRole('button', { name: 'Enviar Email' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Emails Enviados' }).click();
  await expect(page.getByRole('heading', { name: /Emails Enviados \(\d+\)/ })).toBeVisible();
  for (const label of ['Usuário', 'Data Início', 'Data Final']) await expect(page.getByLabel(label)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buscar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Limpar Filtros' })).toBeVisible();
  for (const header of ['Nome do Cliente', 'Email Destinatário', 'Usuário', 'Data Envio', 'Assunto', 'Status', 'Anexo']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeAttached();
  }
  await page.getByLabel('Usuário').fill('ninguém-com-este-nome');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Nenhum email encontrado.')).toBeVisible();
});

test('[ADMIN] sends an order by e-mail and sees it in Emails Enviados with Ver Anexo', async ({ page }) => {
  await signIn(page, ADMIN);
  const clients = await page.request.get('/api/clientes?limit=5');
  expect(clients.ok()).toBe(true);
  const [client] = (await clients.json()) as { id: number; razao: string; email: string }[];

  await page.goto('/emails');
  await page.getByRole('combobox', { name: 'Cliente', exact: true }).selectOption(String(client!.id));
  await expect(page.getByLabel('Email do Destinatário')).toHaveValue(client!.email);
  await page.getByLabel('Mensagem').fill('Segue a ordem de serviço concluída.\nAtenciosamente.');
  await page.getByLabel('Numero da OS ou Fechamento').fill('1');
  await page.getByLabel('Tipo Documento').selectOption('Ordem de Serviço');
  await page.getByRole('button', { name: 'Enviar Email' }).click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('Email enviado com sucesso!')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();

  // The OS variant switches to the sent tab; the form was cleared.
  await expect(page.getByRole('tab', { name: 'Emails Enviados' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ hasText: 'Documento: Ordem de Serviço - Número: 1' });
  await expect(row.getByText('Enviado')).toBeVisible();
  const link = row.getByRole('link', { name: 'Ver Anexo' });
  await expect(link).toHaveAttribute('target', '_blank');
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
