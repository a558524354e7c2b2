import { expect } from '@playwright/test';
import { test } from './support/admin-test';
import { createOrder } from './support/api';
import { goOfflineReady, openAction, PHOTO_PNG } from './support/field';
import { ADMIN, signIn, TEC } from './support/session';

// A phone (360x740), as in the field.
test.use({ viewport: { width: 360, height: 740 } });

test('[TEC] fills a checklist offline; the reading out of range opens a follow-up order and the equipment charts it', async ({
  page,
  context,
  admin,
  browser,
}) => {
  test.setTimeout(120_000);
  const run = Date.now();
  const tipo = `Retificador ${run}`;
  // The office: a template for the equipment's type, the equipment, and an order for it (the checklist comes with it).
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const template = await admin.post('/api/checklists', {
    data: {
      nome: `Inspeção ${run}`,
      tipoEquipamento: tipo,
      ativo: true,
      itens: [
        { texto: 'Sem vazamento de óleo', tipo: 'conformidade', obrigatorio: true },
        { texto: 'Tensão de saída', tipo: 'leitura', unidade: 'V', minimo: '210', maximo: '230', obrigatorio: true },
      ],
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  const machine = await admin.post('/api/equipamentos', {
    data: { clienteId: 1, tipo, fabricante: 'WEG', numeroSerie: `R-${run}` },
  });
  expect(machine.status(), await machine.text()).toBe(201);
  const equipment = (await machine.json()) as { id: number };
  const order = await createOrder(admin, { data: '2026-11-20', equipamentoId: equipment.id, motivo: 'Inspeção semestral' });
  const numero = String(order.numero).padStart(5, '0');

  await signIn(page, TEC);
  await page.goto('/service-orders');
  const card = page.getByRole('article', { name: `OS ${numero}` });
  await expect(card).toBeVisible();
  // Online once: the checklist is read and kept on the phone.
  await openAction(card, 'Checklist');
  const dialog = page.getByRole('dialog', { name: 'Checklist' });
  await expect(dialog.getByText('0 de 2 respondidos')).toBeVisible();
  await page.keyboard.press('Escape');
  await goOfflineReady(page, context, card);

  // Without signal: Conforme, then a reading out of range, shown before saving.
  await openAction(card, 'Checklist');
  await dialog.getByRole('button', { name: 'Responder' }).first().click();
  await dialog.getByRole('button', { name: 'Conforme', exact: true }).click();
  await dialog.getByRole('button', { name: 'Salvar resposta' }).click();
  await expect(page.getByText('1 pendente', { exact: true })).toBeVisible();
  await expect(dialog.getByText('1 de 2 respondidos')).toBeVisible();

  await dialog.getByRole('button', { name: 'Responder' }).click();
  await expect(dialog.getByText('Faixa: 210–230 V')).toBeVisible();
  await dialog.getByLabel('Leitura de Tensão de saída em V').fill('245,5');
  await expect(dialog.getByText('Fora da faixa')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar resposta' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Item não conforme: descreva o problema e anexe uma foto.');
  await dialog.getByLabel('Observação (descreva o problema)').fill('Tensão alta na fase B');
  await dialog.getByLabel('Escolher foto').setInputFiles({ name: 'painel.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expect(dialog.getByRole('img', { name: 'Foto do item' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar resposta' }).click();
  await expect(page.getByText('2 pendentes', { exact: true })).toBeVisible();
  await expect(dialog.getByText('2 de 2 respondidos')).toBeVisible();
  await page.keyboard.press('Escape');

  // The signal returns: both answers sent once.
  await context.setOffline(false);
  await expect(page.getByText(/pendente/)).toHaveCount(0, { timeout: 20_000 });
  const saved = await (await admin.get(`/api/os/${order.id}/checklist`)).json();
  expect(saved).toMatchObject({ respondidos: 2, naoConformes: 1 });
  expect(saved.itens[1].resposta).toMatchObject({
    valor: '245,5',
    resultado: 'Não conforme',
    observacao: 'Tensão alta na fase B',
  });

  // The technician concludes: the return trip and the customer's signature (the checklist is complete).
  const trip = await page.request.post('/api/viagemvolta/', {
    data: {
      datavolta: '2026-11-21',
      saidavolta: '17:00',
      chegadavolta: '18:00',
      tempoEspera: '00:00',
      kmvolta: '12',
      obsvolta: '',
      numeroos: order.id,
    },
  });
  expect(trip.status(), await trip.text()).toBe(201);
  const signed = await page.request.post('/api/assinatura/salvar', {
    data: {
      ordemServicoId: order.id,
      assinatura: `data:image/png;base64,${PHOTO_PNG.toString('base64')}`,
      nome: 'Maria Cliente',
    },
  });
  expect(signed.status(), await signed.text()).toBe(201);
  expect((await (await admin.get(`/api/os/${order.id}`)).json()).status).toBe('Concluído');

  // The office sees the follow-up order in /os, linked from the order's checklist.
  const { pendencias } = await (await admin.get(`/api/os/${order.id}/checklist`)).json();
  expect(pendencias).toHaveLength(1);
  const followUp = `OS ${String(pendencias[0].numero).padStart(5, '0')}`;
  const office = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(office, ADMIN);
  await office.goto(`/os?abrir=${order.id}`);
  const edit = office.getByRole('dialog', { name: `Editar OS ${numero}` });
  const panel = edit.getByRole('region', { name: 'Checklist' });
  await expect(panel).toContainText('245,5 V');
  await expect(panel).toContainText('Tensão alta na fase B');
  await panel.getByRole('link', { name: followUp }).click();
  const next = office.getByRole('dialog', { name: `Editar ${followUp}` });
  await expect(next.getByLabel('Motivo')).toHaveValue(
    `Pendência do checklist da OS ${numero}: Tensão de saída (245,5 V; faixa 210–230)`,
  );
  await office.keyboard.press('Escape');

  // The PDF holds the checklist; the equipment page draws the reading's chart.
  expect((await admin.post(`/api/os/${order.id}/pdf`)).status()).toBe(200);
  const pdf = await admin.get(`/api/os/${order.id}/pdfviewer`);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await office.goto(`/equipamentos/${equipment.id}`);
  await expect(office.getByRole('heading', { name: 'Leituras' })).toBeVisible();
  const chart = office.getByRole('figure').filter({ hasText: 'Tensão de saída (V)' });
  await expect(chart).toContainText('Faixa: 210–230 V');
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await office.context().close();
});
