import { expect, test } from '@playwright/test';
import { createConcludedOrder, officeWithRunClient } from './support/api';
import { drawSignature } from './support/field';
import { mailInOutbox } from './support/outbox';

/** The approval e-mail to that address in the captured outbox: its attachment names and link. */
function approvalMail(to: string, subject: string) {
  return mailInOutbox(to, (mail) => {
    // The e-mail's button (docs/rules.md#e-mails-people-can-click): its words, and the address it opens.
    const button = typeof mail.html === 'string' ? mail.html.match(/<a href="([^"]+)"[^>]*>Aprovar ou contestar<\/a>/) : null;
    const link = mail.subject === subject ? button?.[1]?.replace(/&amp;/g, '&') : undefined;
    return link ? { link, attachments: mail.attachments.map((a) => a.filename ?? '') } : undefined;
  });
}

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, userAgent: PHONE_UA };

test('[ADMIN][PORTAL] the office sends a concluded order for approval; on a phone the contact approves it with a drawn signature and rates it', async ({
  page,
  browser,
}) => {
  const { tag, clientId } = await officeWithRunClient(page, (run) => `Aprovação ${run} Metalúrgica Ltda`, '5');
  const email = `aprova.${tag}@metal.example.com`;
  const order = await createConcludedOrder(page.request, {
    cliente: clientId,
    motivo: `Revisão ${tag}`,
    equipamento: 'Prensa 80 t',
  });
  const contact = await page.request.post(`/api/clientes/${clientId}/contatos`, { data: { nome: 'Marta Lima', email } });
  expect(contact.status()).toBe(201);
  const numero = String(order.numero).padStart(5, '0');

  // The office: 'Enviar para aprovação' in the order view.
  await page.goto('/os');
  await page.getByPlaceholder('Buscar por cliente ou número').fill(numero);
  await page
    .getByRole('button', { name: `Editar OS ${numero}` })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: `Editar OS ${numero}` });
  // At the top of the order, not under a long form (docs/rules.md#daily-use).
  await modal.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(page.getByText(`OS enviada para aprovação. (${email})`)).toBeVisible();
  await expect(modal.getByText(`para ${email} (Enviado)`)).toBeVisible();

  const mail = await approvalMail(email, `Aprovação da OS ${numero}`);
  expect(mail.attachments).toContain(`OS-${numero}.pdf`);

  // The contact, on a phone: the link signs in and opens the order.
  const phone = await browser.newContext({ ...PHONE });
  const client = await phone.newPage();
  const link = new URL(mail.link);
  await client.goto(link.pathname + link.search);
  await expect(client).toHaveURL(`/portal/os/${order.id}`);
  await expect(client.getByRole('heading', { name: `OS ${numero} Concluído` })).toBeVisible();
  const section = client.getByRole('region', { name: 'Aprovação' });
  await expect(section.getByText('Esta OS aguarda a sua aprovação.')).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await section.getByRole('button', { name: 'Aprovar' }).click();
  const form = section.getByRole('form', { name: 'Aprovar a OS' });
  await expect(form.getByLabel('Nome de quem aprova')).toHaveValue('Marta Lima');
  await form.getByLabel('Nome de quem aprova').fill('');
  await form.getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(form.getByText('Nome: informe o nome de quem aprova.')).toBeVisible();
  await form.getByLabel('Nome de quem aprova').fill('Marta Lima Souza');
  await drawSignature(client, client.getByLabel('Área de assinatura (opcional)'));
  await expect(form.getByText('Assinatura desenhada.')).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await form.getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(section.getByText(/^Aprovada por Marta Lima Souza em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Aprovar' })).toBeHidden();

  // Then the rating, once.
  await expect(section.getByText('Como avalia o atendimento?')).toBeVisible();
  await section.getByText('Como avalia o atendimento?').scrollIntoViewIfNeeded();
  await section.getByRole('radio', { name: '4 estrelas' }).check({ force: true });
  await section.getByLabel('Comentário (opcional)').fill('Técnico pontual, deixou tudo limpo.');
  await section.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(section.getByRole('img', { name: '4 de 5 estrelas' })).toBeVisible();
  await expect(section.getByText('“Técnico pontual, deixou tudo limpo.”')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Enviar avaliação' })).toBeHidden();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The link was spent: opening it again asks for a new one.
  await client.getByRole('button', { name: 'Sair' }).click();
  await client.goto(link.pathname + link.search);
  await expect(client.getByRole('alert').filter({ hasText: 'Link inválido ou expirado.' })).toBeVisible();
  await phone.close();

  // The office sees the approval with its evidence and the drawn signature, and the rating.
  const evidence = await (await page.request.get(`/api/os/${order.id}/aprovacao`)).json();
  expect(evidence.decisoes[0]).toMatchObject({ tipo: 'aprovacao', nome: 'Marta Lima Souza', assinatura: true, atual: true });
  expect(evidence.decisoes[0].navegador).toBe(PHONE_UA);
  await page.reload();
  await page.getByPlaceholder('Buscar por cliente ou número').fill(numero);
  await page
    .getByRole('button', { name: `Editar OS ${numero}` })
    .first()
    .click();
  const view = page.getByRole('dialog', { name: `Editar OS ${numero}` }).getByRole('region', { name: 'Aprovação do cliente' });
  await expect(view.getByText(/^Aprovada por Marta Lima Souza em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(view.getByRole('img', { name: 'Assinatura de Marta Lima Souza' })).toBeVisible();
  await expect(view.getByRole('img', { name: '4 de 5 estrelas' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Enviar para aprovação' })).toBeHidden();

  // The closing keeps the approval current in the office (docs/rules.md#portal).
  await page.keyboard.press('Escape');
  const closed = await page.request.post('/api/fechamentos', { data: { osIds: [order.id] } });
  expect(closed.status(), await closed.text()).toBe(201);
  const afterClosing = await (await page.request.get(`/api/os/${order.id}/aprovacao`)).json();
  expect(afterClosing).toMatchObject({ status: 'Fechado', decisoes: [{ tipo: 'aprovacao', atual: true }] });

  // The dashboard: the technician's average and the comment.
  await page.goto('/dashboard');
  const ratings = page.getByRole('region', { name: 'Avaliação do atendimento' });
  await expect(ratings.getByText('“Técnico pontual, deixou tudo limpo.”')).toBeVisible();
});
