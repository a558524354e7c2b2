import { businessToday, formatDate, PIX_MSG } from '@os/shared';
import { expect, type Page, test } from '@playwright/test';
import { cnpjFor, createClient, signInByApi } from './support/api';
import { seriousViolations, settle } from './support/axe';
import { drawSignature, openAction } from './support/field';
import { mailInOutbox } from './support/outbox';
import { ADMIN, TEC } from './support/session';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, userAgent: PHONE_UA };

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('[ADMIN][PORTAL] a quote approved on a phone from the e-mailed link becomes an order; later the contact copies the PIX code of its closing', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now() % 1_000_000}`;
  const razao = `Orçamento ${tag} Usinagem Ltda`;
  const email = `orcamento.${tag}@usinagem.example.com`;
  await signInByApi(page, ADMIN);
  const { id: clientId } = await createClient(page.request, { razao, cnpj: cnpjFor(Number(tag), '6') });
  expect((await page.request.post(`/api/clientes/${clientId}/contatos`, { data: { nome: 'Marta Lima', email } })).status()).toBe(
    201,
  );
  const pix = await page.request.put('/api/configuracoes/pix', {
    data: { chave: 'financeiro@tecnica.example.com', nome: 'Tecnica Assistencia', cidade: 'Campinas' },
  });
  expect(pix.ok(), await pix.text()).toBeTruthy();
  const material = await page.request.post('/api/materiais', {
    data: { codigo: `POL${tag}`, descricao: `Polia ${tag} do torno`, unidade: 'pc', precoVenda: 25.5 },
  });
  expect(material.status(), await material.text()).toBe(201);
  const materialId = (await material.json()).id as number;

  // The office writes the quote on /orcamentos: a service, and a material found in the register by its code.
  await page.goto('/orcamentos');
  await page.getByRole('button', { name: '+ Novo orçamento' }).click();
  const form = page.getByRole('dialog', { name: 'Novo orçamento' });
  await form.getByLabel('Cliente').selectOption({ label: razao });
  await form.getByLabel('Descrição').fill('Revisão geral do torno');
  await form.getByLabel('Qtd').fill('2');
  await form.getByLabel('Valor unitário (R$)').fill('450,50');
  await form.getByLabel('Desconto (R$)').fill('1,00');
  await expect(form.getByText('Subtotal R$ 901,00 · Total R$ 900,00')).toBeVisible();
  await form.getByRole('button', { name: 'Adicionar item' }).click();
  await form.getByLabel('Tipo').nth(1).selectOption('material');
  await form.getByLabel('Buscar material do item 2').fill(`pol${tag}`);
  await form.getByRole('button', { name: new RegExp(`POL${tag}.*Polia ${tag} do torno`) }).click();
  // The register fills the description and the unit price; the price stays editable.
  await expect(form.getByLabel('Descrição').nth(1)).toHaveValue(`Polia ${tag} do torno`);
  await expect(form.getByLabel('Valor unitário (R$)').nth(1)).toHaveValue('25,5');
  await form.getByLabel('Valor unitário (R$)').nth(1).fill('24,00');
  await form.getByLabel('Qtd').nth(1).fill('2');
  await expect(form.getByText('Subtotal R$ 949,00 · Total R$ 948,00')).toBeVisible();
  await page.getByRole('button', { name: 'Criar' }).click();
  const card = page.getByRole('dialog', { name: /^Orçamento ORC \d{5}$/ });
  await expect(card).toBeVisible();
  const codigo = (await card.getByRole('heading').first().textContent())!.replace('Orçamento ', '').trim();
  await card.getByRole('button', { name: 'Enviar ao cliente' }).click();
  await expect(page.getByText(`Orçamento enviado ao cliente. (${email})`)).toBeVisible();

  const link = await mailInOutbox(email, (mail) =>
    mail.subject === `Orçamento ${codigo}`
      ? mail.text?.match(/https?:\/\/\S+\/portal\/entrar\?token=[\w-]+&destino=\S+/)?.[0]
      : undefined,
  );

  // The contact, on a phone: the link signs in and opens the quote; 'Aprovar' with a drawn signature.
  const phone = await browser.newContext({ ...PHONE });
  const client = await phone.newPage();
  const url = new URL(link);
  await client.goto(url.pathname + url.search);
  await expect(client).toHaveURL(/\/portal\/orcamentos\/\d+$/);
  await expect(client.getByRole('heading', { name: `Orçamento ${codigo}` })).toBeVisible();
  await expect(client.getByText('R$ 948,00').first()).toBeVisible();
  await noSideScroll(client);
  await client.getByRole('button', { name: 'Aprovar' }).click();
  const approve = client.getByRole('form', { name: 'Aprovar o orçamento' });
  await approve.getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(approve.getByText('Nome: informe o nome de quem aprova.')).toBeVisible();
  await approve.getByLabel('Nome de quem aprova').fill('Marta Lima Souza');
  await drawSignature(client, client.getByLabel('Área de assinatura (opcional)'));
  await expect(approve.getByText('Assinatura desenhada.')).toBeVisible();
  await approve.getByRole('button', { name: 'Confirmar aprovação' }).click();
  await expect(client.getByText(/^Aprovado por Marta Lima Souza em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/)).toBeVisible();
  await noSideScroll(client);

  // Accessible on the phone, in light and dark (axe: no serious or critical violation).
  for (const dark of [false, true]) {
    await client.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    await settle(client);
    expect(await seriousViolations(client), `portal quote${dark ? ' (dark)' : ''}`).toEqual([]);
  }

  // The office sees the evidence and generates the order.
  await page.reload();
  await page.getByRole('button', { name: codigo }).click();
  const approved = page.getByRole('dialog', { name: `Orçamento ${codigo}` });
  await expect(approved.getByText('Aprovado por')).toBeVisible();
  await expect(approved.getByText(PHONE_UA)).toBeVisible();
  await expect(approved.getByRole('img', { name: 'Assinatura desenhada na aprovação' })).toBeVisible();
  expect(await seriousViolations(page), 'quote card').toEqual([]);
  await approved.getByRole('button', { name: 'Gerar OS' }).click();
  await expect(page.getByText(/^OS \d{5} criada a partir do orçamento\.$/)).toBeVisible();
  const quote = await (await page.request.get(`/api/orcamentos?clienteId=${clientId}`)).json();
  const order = quote[0].os as { id: number; numero: number };
  expect(quote[0].status).toBe('Convertido');
  // The material item is the order's planned material, by the register's id.
  const planned = await (await page.request.get(`/api/os/${order.id}/orcamento`)).json();
  expect(planned.orcamento.materiais).toEqual([
    { materialId, codigo: `POL${tag}`, descricao: `Polia ${tag} do torno`, quantidade: 2, unidade: 'pc' },
  ]);

  // The order goes to joao: on the job card's 'Materiais' the planned pulley is one tap from the add form.
  expect((await page.request.put(`/api/os/${order.id}`, { data: { engenheiro: 'joao' } })).ok()).toBeTruthy();
  const field = await browser.newContext({ ...PHONE });
  const tecPage = await field.newPage();
  await signInByApi(tecPage, TEC);
  await tecPage.goto('/service-orders');
  await openAction(tecPage.getByRole('article', { name: `OS ${String(order.numero).padStart(5, '0')}` }), 'Materiais');
  const materials = tecPage.getByRole('dialog', { name: 'Materiais' });
  const plannedList = materials.getByRole('region', { name: 'Previstos no orçamento' });
  await expect(plannedList).toContainText(`POL${tag} · Polia ${tag} do torno · 2 pc`);
  await expect(plannedList).not.toContainText('R$');
  await plannedList.getByRole('button', { name: `Usar POL${tag}` }).click();
  await expect(materials.getByLabel('Quantidade (pc)')).toHaveValue('2');
  await expect(materials.getByLabel('Quantidade (pc)')).toBeFocused();
  await materials.getByRole('button', { name: 'Adicionar material' }).click();
  await expect(
    materials
      .getByRole('table', { name: 'Materiais' })
      .getByRole('row')
      .filter({ hasText: `POL${tag}` }),
  ).toContainText('2 pc');
  await expect(plannedList).toContainText('Já lançado nesta OS: 2 pc');
  await field.close();

  // The visit happens and the closing is made (through the API: not this journey's subject).
  expect((await page.request.put(`/api/os/${order.id}`, { data: { status: 'Andamento' } })).ok()).toBeTruthy();
  const day = await page.request.post('/api/servicos/', {
    data: { dataservico: '2026-11-20', entradaservico: '08:00', saidaservico: '12:00', numeroos: order.id },
  });
  expect(day.status(), await day.text()).toBe(201);
  expect((await page.request.put(`/api/os/${order.id}`, { data: { status: 'Concluído' } })).ok()).toBeTruthy();
  const closing = await page.request.post('/api/fechamentos', { data: { osIds: [order.id] } });
  expect(closing.status(), await closing.text()).toBe(201);
  const numero = String((await closing.json()).numero).padStart(5, '0');

  // Later the contact opens 'Cobranças' and copies the code.
  await phone.grantPermissions(['clipboard-read', 'clipboard-write']);
  await client.getByRole('navigation', { name: 'Área do Cliente' }).getByRole('link', { name: 'Cobranças' }).click();
  const charge = client.getByRole('listitem').filter({ hasText: `Fechamento ${numero}` });
  await expect(charge.getByText('Em aberto')).toBeVisible();
  await expect(charge.getByRole('img', { name: `QR code PIX do fechamento ${numero}` })).toBeVisible();
  const code = await charge.getByLabel('Pix Copia e Cola').inputValue();
  expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
  await charge.getByRole('button', { name: 'Copiar código' }).click();
  await expect(client.getByText('Código PIX copiado.')).toBeVisible();
  expect(await client.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await noSideScroll(client);
  expect(await seriousViolations(client), 'portal charges').toEqual([]);

  // The order view links the quote; the office sees the charge of the closing, then marks it paid.
  await page.goto(`/orcamentos?abrir=${quote[0].id}`);
  await expect(
    page.getByRole('dialog', { name: `Orçamento ${codigo}` }).getByText(`OS ${String(order.numero).padStart(5, '0')}`),
  ).toBeVisible();
  await page.goto('/fechamento');
  await page.getByRole('button', { name: `Cobrança PIX do fechamento ${numero}` }).click();
  const chargeModal = page.getByRole('dialog', { name: `Cobrança PIX - Fechamento ${numero}` });
  await expect(chargeModal.getByLabel('Pix Copia e Cola')).toHaveValue(code);
  expect(await seriousViolations(page), 'charge modal').toEqual([]);
  // The office moves the due day: never before the closing's day; the client's 'Cobranças' follows.
  const dueForm = chargeModal.getByRole('form', { name: 'Alterar vencimento' });
  const today = businessToday();
  const shift = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  await dueForm.getByLabel('Vencimento').fill(shift(-1));
  await dueForm.getByRole('button', { name: 'Alterar vencimento' }).click();
  await expect(dueForm.getByText(PIX_MSG.dueBeforeClosing(formatDate(today)))).toBeVisible();
  await dueForm.getByLabel('Vencimento').fill(shift(12));
  await dueForm.getByRole('button', { name: 'Alterar vencimento' }).click();
  await expect(page.getByText(PIX_MSG.dueSaved)).toBeVisible();
  await expect(chargeModal.getByText(`vencimento ${formatDate(shift(12))}`)).toBeVisible();
  await client.reload();
  await expect(charge.getByText(`vencimento ${formatDate(shift(12))}`)).toBeVisible();
  await phone.close();
  // The contact gave no WhatsApp number: the office is told nobody new was told (docs/rules.md#whatsapp).
  await chargeModal.getByRole('button', { name: 'Enviar por WhatsApp' }).click();
  await expect(page.getByText(/^Nenhum contato novo a avisar/)).toBeVisible();
  // Each form says its problem under its field: no reason to cancel, a payment after today.
  const cancelForm = chargeModal.getByRole('form', { name: 'Cancelar cobrança' });
  await cancelForm.getByRole('button', { name: 'Cancelar cobrança' }).click();
  await expect(cancelForm.getByText(PIX_MSG.reasonRequired)).toBeVisible();
  const paidForm = chargeModal.getByRole('form', { name: 'Marcar como paga' });
  await expect(paidForm.getByLabel('Data do pagamento')).toHaveValue(today);
  await paidForm.getByLabel('Data do pagamento').fill(shift(1));
  await paidForm.getByRole('button', { name: 'Marcar como paga' }).click();
  await expect(paidForm.getByText(PIX_MSG.dateFuture)).toBeVisible();
  await paidForm.getByLabel('Data do pagamento').fill(today);
  await paidForm.getByRole('button', { name: 'Marcar como paga' }).click();
  await expect(chargeModal.getByText(`Paga em ${formatDate(today)}`)).toBeVisible();
});

test('[ADMIN] /orcamentos, its form and /configuracoes have no serious accessibility violation, light and dark', async ({
  page,
}) => {
  await signInByApi(page, ADMIN);
  for (const dark of [false, true]) {
    for (const url of ['/orcamentos', '/configuracoes']) {
      await page.goto(url);
      await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      await settle(page);
      expect(await seriousViolations(page), `${url}${dark ? ' (dark)' : ''}`).toEqual([]);
    }
  }
  await page.goto('/orcamentos');
  await page.getByRole('button', { name: '+ Novo orçamento' }).click();
  const form = page.getByRole('dialog', { name: 'Novo orçamento' });
  await page.getByRole('button', { name: 'Adicionar item' }).click();
  await form.getByLabel('Tipo').nth(1).selectOption('material');
  await expect(form.getByLabel('Buscar material do item 2')).toBeVisible();
  await settle(page);
  expect(await seriousViolations(page), 'Novo orçamento').toEqual([]);
  // Sent empty: the first problem is said, nothing is created.
  await page.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('Cliente: escolha o cliente do orçamento.').first()).toBeVisible();
});
