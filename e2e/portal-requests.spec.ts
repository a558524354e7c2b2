import { expect, test } from '@playwright/test';
import { officeWithRunClient } from './support/api';
import { mailInOutbox } from './support/outbox';

/** The text of the newest captured e-mail to `to` whose subject matches. */
const mailText = (to: string, subject: RegExp): Promise<string> =>
  mailInOutbox(to, (mail) => (subject.test(mail.subject ?? '') ? (mail.text ?? '') : undefined));

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
// A 2x2 red PNG: a real image for the photo input.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('[ADMIN][PORTAL] from the QR label a contact signs in on a phone, asks for service with two photos, and the office converts it into an order that shows them', async ({
  page,
  browser,
}) => {
  const { tag, razao, clientId } = await officeWithRunClient(page, (run) => `Solicita ${run} Energia Ltda`, '4');
  const email = `pedido.${tag}@energia.example.com`;
  const equipmentRes = await page.request.post('/api/equipamentos', {
    data: { clienteId: clientId, tipo: 'Inversor', fabricante: 'WEG', modelo: 'CFW11', numeroSerie: `INV-${tag}` },
  });
  expect(equipmentRes.status(), await equipmentRes.text()).toBe(201);
  const equipment = (await equipmentRes.json()) as { id: number };
  const contactRes = await page.request.post(`/api/clientes/${clientId}/contatos`, {
    data: { nome: 'Paulo Reis', email, ativo: true },
  });
  expect(contactRes.status(), await contactRes.text()).toBe(201);

  // The QR label on the machine, scanned by a phone with no session: /login offers 'Sou cliente'.
  const phone = await browser.newContext({ ...PHONE });
  const client = await phone.newPage();
  await client.goto(`/equipamentos/${equipment.id}`);
  await expect(client).toHaveURL(/\/login$/);
  await client.getByRole('link', { name: 'Sou cliente' }).click();
  await expect(client.getByRole('heading', { name: 'Área do Cliente' })).toBeVisible();
  await client.getByLabel('E-mail').fill(email);
  await client.getByRole('button', { name: 'Enviar link de acesso' }).click();
  await expect(client.getByRole('status').filter({ hasText: 'Se o e-mail estiver cadastrado' })).toBeVisible();
  const link = new URL((await mailText(email, /Acesso à Área do Cliente/)).match(/https?:\/\/\S+\/portal\/entrar\?\S+/)![0]);
  expect(link.searchParams.get('destino')).toBe(`/portal/equipamentos/${equipment.id}`);

  // The link opens that equipment in the portal.
  await client.goto(link.pathname + link.search);
  await expect(client).toHaveURL(`/portal/equipamentos/${equipment.id}`);
  await expect(client.getByRole('heading', { name: 'Inversor WEG CFW11' })).toBeVisible();
  await expect(client.getByText('Nenhum atendimento registrado para este equipamento.')).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // 'Solicitar Atendimento' for it, with a photo.
  await client.getByRole('link', { name: 'Solicitar atendimento para este equipamento' }).click();
  await expect(client.getByRole('heading', { name: 'Solicitar Atendimento' })).toBeVisible();
  await expect(client.getByLabel('Equipamento')).toHaveValue(String(equipment.id));
  await expect(client.getByLabel('Contato')).toHaveValue('Paulo Reis');
  // An empty motivo is refused in Portuguese, naming the field.
  await client.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(client.getByText('Motivo: descreva o problema ou o serviço desejado.')).toBeVisible();
  const motivo = `Inversor ${tag} desarma à tarde`;
  await client.getByLabel('Motivo').fill(motivo);
  await client.getByLabel('Urgência').selectOption('Alta');
  await client.getByLabel('Telefone').fill('(11) 98888-7777');
  await client.getByLabel('Fotos (até 5)').setInputFiles([
    { name: 'painel.png', mimeType: 'image/png', buffer: PNG },
    { name: 'placa.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(client.getByRole('img', { name: 'Foto 2' })).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await client.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(client).toHaveURL('/portal/solicitacoes');
  const card = client.getByRole('listitem').filter({ hasText: motivo });
  await expect(card.getByText('Recebida')).toBeVisible();
  await expect(card.getByText('Urgência Alta')).toBeVisible();
  await expect(card.getByText('2 fotos')).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await mailText(email, /recebida$/)).toContain('/portal/solicitacoes');

  // The office: the menu counts the new request; the card shows the photo; 'Gerar OS' makes the order and opens it.
  await page.goto('/solicitacoes');
  await expect(page.getByRole('heading', { name: 'Solicitações de Atendimento' })).toBeVisible();
  await expect(page.getByRole('status', { name: /solicitaç(ão nova|ões novas)/ })).toBeVisible();
  const office = page.getByRole('listitem').filter({ hasText: motivo });
  await expect(office.getByText(razao)).toBeVisible();
  await expect(office.getByText('Paulo Reis · (11) 98888-7777')).toBeVisible();
  const photo = office.getByRole('img', { name: /Foto 1 da solicitação/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await office.getByRole('button', { name: 'Gerar OS' }).click();
  const created = page.getByText(/^OS \d{5} criada a partir da solicitação/);
  await expect(created).toBeVisible();
  const numero = (await created.textContent())!.match(/OS (\d{5})/)![1]!;
  const modal = page.getByRole('dialog', { name: /Editar OS/ });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Responsavel')).toHaveValue('Paulo Reis');
  await expect(modal.getByLabel('Nr Serie')).toHaveValue(`INV-${tag}`);
  // The request's photos went with it: the client's photos of the order (docs/rules.md#portal).
  const clientPhotos = modal.getByRole('region', { name: 'Fotos do cliente' });
  await expect(clientPhotos.getByRole('img')).toHaveCount(2);
  await expect
    .poll(() =>
      clientPhotos.getByRole('img', { name: /Foto 2 do cliente/ }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal).toBeHidden();

  // The client sees the order's number, and was e-mailed it.
  await client.getByRole('link', { name: 'Solicitações' }).click();
  await client.reload();
  await expect(client.getByRole('listitem').filter({ hasText: motivo }).getByText(`Convertida em OS ${numero}`)).toBeVisible();
  expect(await mailText(email, new RegExp(`convertida em OS ${numero}`))).toContain(`OS ${numero}`);
  await phone.close();
});
