import { expect, test } from '@playwright/test';
import { createConcludedOrder, officeWithRunClient } from './support/api';
import { linkInOutbox } from './support/outbox';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

test('[ADMIN][PORTAL] the office adds a portal contact; on a phone the contact signs in from the e-mailed link, once', async ({
  page,
  browser,
}) => {
  const { tag, razao, clientId } = await officeWithRunClient(page, (run) => `Portal ${run} Usina Ltda`, '6');
  const email = `contato.${tag}@usina.example.com`;
  const order = await createConcludedOrder(page.request, {
    cliente: clientId,
    motivo: `Revisão ${tag}`,
    equipamento: 'Gerador 150 kVA',
  });

  await page.goto('/clientes');
  await page.getByPlaceholder('Buscar por Razão/Fantasia...').fill(razao);
  await page.getByRole('button', { name: `Editar ${razao}` }).click();
  const modal = page.getByRole('dialog', { name: 'Editar Cliente' });
  await expect(modal.getByRole('heading', { name: 'Contatos do portal' })).toBeVisible();
  await modal.getByLabel('Nome do contato').fill('Marta Lima');
  await modal.getByLabel('E-mail do contato').fill(email);
  await modal.getByRole('button', { name: 'Adicionar contato' }).click();
  await expect(modal.getByRole('listitem').filter({ hasText: email })).toBeVisible();

  const phone = await browser.newContext({ ...PHONE });
  const client = await phone.newPage();
  await client.goto('/portal');
  await expect(client.getByRole('heading', { name: 'Área do Cliente' })).toBeVisible();
  await client.getByLabel('E-mail').fill(email);
  await client.getByRole('button', { name: 'Enviar link de acesso' }).click();
  await expect(
    client.getByRole('status').filter({ hasText: 'Se o e-mail estiver cadastrado, enviamos um link de acesso.' }),
  ).toBeVisible();

  const link = new URL(await linkInOutbox(email, /https?:\/\/\S+\/portal\/entrar\?token=[\w-]+/));
  await client.goto(link.pathname + link.search);
  await expect(client.getByRole('heading', { name: razao })).toBeVisible();
  await expect(client.getByText('Olá, Marta Lima')).toBeVisible();
  // No horizontal scrolling on the phone.
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The client's order: a card, then its page with the PDF; never values or expenses.
  const numero = String(order.numero).padStart(5, '0');
  await client.getByRole('link', { name: new RegExp(`OS ${numero}`) }).click();
  await expect(client.getByRole('heading', { name: `OS ${numero} Concluído` })).toBeVisible();
  await expect(client.getByText('Gerador 150 kVA')).toBeVisible();
  await expect(client.getByRole('link', { name: 'Ver PDF da OS' })).toBeVisible();
  const pdf = await client.request.get(`/api/portal/os/${order.id}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await client.getByRole('link', { name: 'Minhas ordens de serviço' }).click();

  await client.getByRole('button', { name: 'Sair' }).click();
  await expect(client.getByRole('button', { name: 'Enviar link de acesso' })).toBeVisible();
  // The link works once.
  await client.goto(link.pathname + link.search);
  await expect(client.getByRole('alert').filter({ hasText: 'Link inválido ou expirado.' })).toBeVisible();
  await phone.close();
});
