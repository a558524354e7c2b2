import fs from 'node:fs';
import path from 'node:path';
import { padNumber } from '@os/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { pdfText } from '../apps/server/test/pdf-reader';
import { type CreatedOrder, createOrder } from './support/api';
import { outboxDir } from './support/outbox';
import { ADMIN, signIn } from './support/session';

// Row actions come in one order on every list: view, edit, PDF, send, delete (docs/ui.md#row-actions).
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ORDER = ['view', 'edit', 'pdf', 'send', 'delete'] as const;

/** What an action does, read from the first word of its accessible name. */
function kindOf(name: string): (typeof ORDER)[number] | null {
  if (/^(Visualizar|Ver)\b/.test(name)) return 'view';
  if (/^Editar\b/.test(name)) return 'edit';
  if (/^(Baixar|Gerar)\b/.test(name)) return 'pdf';
  if (/^(Enviar|Reenviar)\b/.test(name)) return 'send';
  if (/^(Excluir|Reabrir)\b/.test(name)) return 'delete';
  return null;
}

/** The accessible names of a row's actions (buttons and links), in the order a person meets them. */
async function actionNames(row: Locator): Promise<string[]> {
  const names = await row
    .locator('button, a')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') || (el.textContent ?? '').trim()));
  return names.filter((name) => kindOf(name) !== null);
}

/** The names are in the one order: each action's kind comes at or after the one before. */
function expectCanonical(screen: string, names: string[]) {
  const ranks = names.map((name) => ORDER.indexOf(kindOf(name)!));
  expect(
    ranks.every((rank, i) => i === 0 || rank >= ranks[i - 1]!),
    `${screen}: ${names.join(' · ')}`,
  ).toBe(true);
}

/**
 * The list's row of the order once the search has answered: read before, the row may not be drawn yet
 * (evaluateAll does not wait) and its actions would read as none.
 */
async function searchedRow(page: Page, numero: string): Promise<Locator> {
  const row = page.getByRole('main').getByRole('row').filter({ hasText: numero }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: `Excluir OS ${numero}` })).toBeVisible();
  return row;
}

const DAY = '2025-03-17';
let order: CreatedOrder;
let client: { id: number; razao: string; email: string };

async function reportRow(page: Page, screen: '/osrelatorio' | '/fechamento') {
  await page.goto(screen);
  await page.getByLabel('Data Inicio').fill(DAY);
  await page.getByLabel('Data Fim').fill(DAY);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await page.getByRole('button', { name: 'Buscar Dados' }).click();
  const row = page
    .getByRole('main')
    .getByRole('row')
    .filter({ hasText: padNumber(order.numero) });
  await expect(row).toBeVisible();
  return row;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  // A fresh order of the first client, with its full PDF, on a day of its own.
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  client = ((await (await admin.get('/api/clientes?limit=1')).json()) as (typeof client)[])[0]!;
  order = await createOrder(admin, { data: DAY, cliente: client.id, motivo: 'Ações na mesma ordem' });
  expect((await admin.post(`/api/os/${order.id}/pdfcompleto`)).ok()).toBeTruthy();
  // And an equipment, so /equipamentos has a row with its actions.
  const equipment = await admin.post('/api/equipamentos', {
    data: { clienteId: client.id, tipo: 'Gerador', fabricante: 'Cummins', modelo: 'C150', numeroSerie: `ACOES-${Date.now()}` },
  });
  expect(equipment.status(), await equipment.text()).toBe(201);
  await admin.dispose();
});

test('[ADMIN] every list shows its row actions in the same order: view, edit, PDF, send, delete', async ({ page }) => {
  await signIn(page, ADMIN);
  const numero = padNumber(order.numero);
  const seen: Record<string, string[]> = {};

  // The order screens: exactly what each offers, in the one order.
  await page.goto('/os');
  await page.getByPlaceholder('Buscar por cliente ou número').fill(numero);
  seen['/os'] = await actionNames(await searchedRow(page, numero));
  expect(seen['/os']).toEqual([`Editar OS ${numero}`, `Enviar por e-mail a OS ${numero}`, `Excluir OS ${numero}`]);

  await page.goto('/pdf');
  await page.getByPlaceholder('Buscar por cliente ou número').fill(numero);
  seen['/pdf'] = await actionNames(await searchedRow(page, numero));
  expect(seen['/pdf']).toEqual([
    `Visualizar PDF da OS ${numero}`,
    `Gerar PDF da OS ${numero}`,
    `Enviar por e-mail a OS ${numero}`,
    `Excluir OS ${numero}`,
  ]);

  seen['/osrelatorio'] = await actionNames(await reportRow(page, '/osrelatorio'));
  expect(seen['/osrelatorio']).toEqual([
    `Visualizar PDF da OS ${numero}`,
    `Editar OS ${numero}`,
    `Gerar PDF completo da OS ${numero}`,
    `Enviar por e-mail a OS ${numero}`,
    `Excluir OS ${numero}`,
  ]);

  seen['/fechamento'] = await actionNames(await reportRow(page, '/fechamento'));
  expect(seen['/fechamento']).toEqual([
    `Visualizar PDF da OS ${numero}`,
    `Editar OS ${numero}`,
    `Baixar PDF da OS ${numero}`,
    `Gerar PDF da OS ${numero}`,
    `Enviar por e-mail a OS ${numero}`,
    `Excluir OS ${numero}`,
  ]);
  // The past closings below it (when a journey has made one): view, download, reopen last.
  const closing = page.getByRole('table', { name: 'Fechamentos realizados' }).locator('tbody tr').first();
  if ((await actionNames(closing)).length > 0) seen['/fechamento closings'] = await actionNames(closing);

  // The registers: edit, then delete.
  for (const screen of ['/clientes', '/tipodespesas', '/empresas', '/users', '/configuracoes', '/equipamentos']) {
    await page.goto(screen);
    const row = page.getByRole('main').locator('table tbody tr').first();
    await expect(row).toBeVisible();
    await page.waitForLoadState('networkidle');
    seen[screen] = await actionNames(row);
  }
  for (const screen of ['/clientes', '/tipodespesas', '/empresas', '/users', '/equipamentos'])
    expect(seen[screen]!.map(kindOf), screen).toEqual(['edit', 'delete']);
  expect(seen['/configuracoes']!.map(kindOf)).toEqual(['edit']);

  for (const [screen, names] of Object.entries(seen)) expectCanonical(screen, names);
});

test("[ADMIN] 'Enviar por e-mail' on an order row opens the e-mail filled in and sends the order's PDF", async ({ page }) => {
  await signIn(page, ADMIN);
  const numero = padNumber(order.numero);
  const row = await reportRow(page, '/osrelatorio');
  await row.getByRole('button', { name: `Enviar por e-mail a OS ${numero}` }).click();

  // /emails filled with the client, its e-mail, the number and 'Ordem de Serviço'; the sender is the user's full name.
  await expect(page).toHaveURL(new RegExp(`/emails\\?os=${order.numero}&cliente=${client.id}$`));
  await expect(page.getByRole('combobox', { name: 'Cliente', exact: true })).toHaveValue(String(client.id));
  await expect(page.getByLabel('Email do Destinatário')).toHaveValue(client.email);
  await expect(page.getByLabel('Numero da OS ou Fechamento')).toHaveValue(String(order.numero));
  await expect(page.getByLabel('Tipo Documento')).toHaveValue('Ordem de Serviço');
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Administrador');
  const mensagem = page.getByLabel('Mensagem');
  await expect(mensagem).toBeFocused();
  const before = fs.existsSync(outboxDir()) ? new Set(fs.readdirSync(outboxDir())) : new Set<string>();
  await mensagem.fill('Segue a ordem de serviço pedida na linha do relatório.');
  await page.getByRole('button', { name: 'Enviar Email' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Email enviado com sucesso!')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'OK' }).click();

  // The message the client gets: to its address, with the order's PDF attached.
  let mail: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        for (const file of fs.readdirSync(outboxDir()).filter((f) => f.endsWith('.eml') && !before.has(f))) {
          const parsed = await simpleParser(fs.readFileSync(path.join(outboxDir(), file)));
          if (parsed.text?.includes('pedida na linha do relatório')) mail = parsed;
        }
        return mail !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const to = Array.isArray(mail!.to) ? mail!.to[0]?.text : mail!.to?.text;
  expect(to).toBe(client.email);
  const attachment = mail!.attachments.find((a) => a.filename === `OS-${numero}.pdf`);
  expect(attachment, mail!.attachments.map((a) => a.filename).join(', ')).toBeDefined();
  const text = await pdfText(attachment!.content);
  expect(text).toContain('Ações na mesma ordem');

  // And the sent history lists it, with 'Ver Anexo' before any other action.
  await expect(page.getByRole('tab', { name: 'Emails Enviados' })).toHaveAttribute('aria-selected', 'true');
  const sent = page
    .getByRole('row')
    .filter({ hasText: `Número: ${order.numero}` })
    .first();
  await expect(sent.getByText('Enviado')).toBeVisible();
  expectCanonical('/emails', await actionNames(sent));
  await expect(sent.getByRole('link', { name: 'Ver Anexo' })).toBeVisible();
});
