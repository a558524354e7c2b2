import { expect, type Page } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf-reader';
import { test } from './support/admin-test';
import { createOrder } from './support/api';
import { goOfflineReady, openAction, technicianOnNewOrder } from './support/field';
import { ADMIN, STANDARD_USER, signIn } from './support/session';

const KEPT = 'Sem conexão: lançamento guardado no aparelho e marcado como Pendente.';
const run = Date.now() % 100_000;

type Api = Parameters<typeof createOrder>[0];

/** POST /api/materiais as the admin (the request context is signed in by the caller). */
async function newMaterial(api: Api, codigo: string, descricao: string, unidade: string, precoVenda: string) {
  const res = await api.post('/api/materiais', { data: { codigo, descricao, unidade, precoVenda } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Picks a material in the 'Materiais' dialog by its code, then types the quantity and adds it. */
async function addLine(page: Page, codigo: string, quantidade: string, unidade: string) {
  const dialog = page.getByRole('dialog', { name: 'Materiais' });
  await dialog.getByRole('searchbox', { name: 'Buscar material' }).fill(codigo.toLowerCase());
  await dialog.getByRole('button', { name: new RegExp(codigo) }).click();
  await dialog.getByLabel(`Quantidade (${unidade})`).fill(quantidade);
  await dialog.getByRole('button', { name: 'Adicionar material' }).click();
}

test.describe('materials and stock (docs/rules.md#materials-and-stock)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('[TEC] adds two materials without signal, syncs them once, and counts the van', async ({ page, context, admin }) => {
    test.setTimeout(120_000);
    const cap = `CAP${run}`;
    const cabo = `CABO${run}`;
    expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
    await newMaterial(admin, cap, 'Capacitor de partida 45 uF', 'un', '12,50');
    await newMaterial(admin, cabo, 'Cabo flexível 2,5 mm', 'm', '3,20');
    await admin.post('/api/auth/logout');
    const { card } = await technicianOnNewOrder(page, admin, 'Troca de capacitor');

    // Online once: the register is kept on the phone for the search without signal.
    await openAction(card, 'Materiais');
    const dialog = page.getByRole('dialog', { name: 'Materiais' });
    await dialog.getByRole('searchbox', { name: 'Buscar material' }).fill(cap);
    await expect(dialog.getByRole('button', { name: new RegExp(cap) })).toBeVisible();
    await page.keyboard.press('Escape');
    await goOfflineReady(page, context, card);

    await openAction(card, 'Materiais');
    await addLine(page, cap, '2', 'un');
    await expect(page.getByText(KEPT).first()).toBeVisible();
    await addLine(page, cabo, '1,5', 'm');
    await expect(page.getByText('2 pendentes', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect(page.getByText('2 pendentes', { exact: true })).toBeHidden({ timeout: 20_000 });
    await openAction(card, 'Materiais');
    const lines = page.getByRole('dialog', { name: 'Materiais' }).getByRole('table', { name: 'Materiais' });
    await expect(lines.getByRole('row').filter({ hasText: cap })).toContainText('2 un');
    await expect(lines.getByRole('row').filter({ hasText: cabo })).toContainText('1,5 m');
    await expect(lines.getByRole('row').filter({ hasText: cap })).toHaveCount(1);

    // 'Editar' the capacitor's line: whole units only, then 5 instead of 2; the difference leaves the van.
    await lines.getByRole('button', { name: `Editar ${cap}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar material da OS' });
    await expect(edit.getByLabel('Quantidade (un)')).toHaveValue('2');
    await edit.getByLabel('Quantidade (un)').fill('2,5');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit.getByText('Quantidade: material em un se conta em unidades inteiras')).toBeVisible();
    await edit.getByLabel('Quantidade (un)').fill('5');
    await edit.getByLabel('Observação').fill('Dois queimados a mais');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Material atualizado com sucesso!').first()).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(lines.getByRole('row').filter({ hasText: cap })).toContainText('5 un');
    await expect(lines.getByRole('row').filter({ hasText: cap })).toContainText('Dois queimados a mais');
    await page.keyboard.press('Escape');

    // The van had none: it went negative (-5, after the edit), shown in red, until the count fixes it.
    await page.goto('/meu-estoque');
    await expect(page.getByRole('heading', { name: 'Meu estoque' })).toBeVisible();
    const balances = page.getByRole('table', { name: /^Veículo – / });
    await expect(balances.getByRole('row').filter({ hasText: cap })).toContainText('-5 un');
    await expect(balances.getByRole('row').filter({ hasText: cap })).toContainText('Saldo negativo');
    await page.getByRole('button', { name: 'Conferir estoque' }).click();
    const count = page.getByRole('dialog', { name: 'Conferir estoque' });
    await count.getByRole('textbox', { name: new RegExp(cap) }).fill('3');
    await count.getByRole('textbox', { name: new RegExp(cabo) }).fill('0');
    await count.getByRole('button', { name: 'Registrar conferência' }).click();
    await expect(page.getByText('Conferência registrada.').first()).toBeVisible();
    await expect(balances.getByRole('row').filter({ hasText: cap })).toContainText('3 un');
    await expect(balances.getByRole('row').filter({ hasText: cap })).not.toContainText('Saldo negativo');
    await expect(balances.getByRole('row').filter({ hasText: cabo })).toHaveCount(0);
  });
});

test('[ADMIN] transfers stock to a van and closes an order: the closing PDF lists the materials and the right total', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const disj = `DISJ${run}`;
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const material = await newMaterial(admin, disj, 'Disjuntor bipolar 32 A', 'un', '48,90');
  const places = (await (await admin.get('/api/estoques')).json()) as { id: number; nome: string; tipo: string }[];
  const warehouse = places.find((p) => p.tipo === 'almoxarifado')!;
  const van = places.find((p) => p.tipo === 'veiculo' && /Jo/.test(p.nome))!;
  const entry = await admin.post('/api/estoques/movimentos', {
    data: { tipo: 'entrada', materialId: material.id, quantidade: 10, destinoId: warehouse.id },
  });
  expect(entry.status(), await entry.text()).toBe(201);
  const order = await createOrder(admin, { motivo: 'Troca de disjuntor', status: 'Concluído', endDate: '2026-11-20' });
  const line = await admin.post(`/api/os/${order.id}/materiais`, { data: { materialId: material.id, quantidade: 3 } });
  expect(line.status(), await line.text()).toBe(201);

  await signIn(page, ADMIN);
  await page.goto('/estoque');
  await expect(page.getByRole('heading', { name: 'Estoque' })).toBeVisible();

  // 'Novo local' (admin): the new place is the one shown; a taken name, in any case, is refused.
  const deposito = `Depósito ${run}`;
  await page.getByRole('button', { name: 'Novo local' }).click();
  const newPlace = page.getByRole('dialog', { name: 'Novo local de estoque' });
  await newPlace.getByLabel('Nome').fill(deposito);
  await newPlace.getByRole('button', { name: 'Criar' }).click();
  await expect(page.getByText('Local de estoque criado com sucesso.').first()).toBeVisible();
  await expect(page.getByLabel('Local', { exact: true }).first().locator('option:checked')).toHaveText(deposito);
  await expect(page.getByRole('table', { name: `Saldos de ${deposito}` })).toContainText('Nenhum material neste local.');
  await page.getByRole('button', { name: 'Novo local' }).click();
  await newPlace.getByLabel('Nome').fill(deposito.toLowerCase());
  await newPlace.getByRole('button', { name: 'Criar' }).click();
  const refused = page.getByRole('alertdialog', { name: 'Erro!' });
  await expect(refused).toContainText('Já existe um local de estoque com este nome.');
  await refused.getByRole('button').click();
  await newPlace.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Descartar' }).click();
  await expect(newPlace).toBeHidden();
  await page.getByRole('button', { name: 'Transferir' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transferir' });
  await transfer.getByRole('searchbox', { name: 'Buscar material' }).fill(disj);
  await transfer.getByRole('button', { name: new RegExp(disj) }).click();
  await transfer.getByLabel('Quantidade (un)').fill('4');
  await transfer.getByLabel('Origem').selectOption({ label: warehouse.nome });
  await transfer.getByLabel('Destino').selectOption({ label: van.nome });
  await transfer.getByRole('button', { name: 'Registrar' }).click();
  await expect(transfer).toBeHidden();
  await page.getByLabel('Local', { exact: true }).first().selectOption({ label: van.nome });
  // The van's balances come a page at a time; the search (case ignored) finds the one.
  await page.getByRole('searchbox', { name: 'Buscar material' }).fill(disj.toLowerCase());
  await expect(page.getByText('Materiais encontrados: 1')).toBeVisible();
  // 4 transferred, 3 used on the order: 1 left in the van.
  await expect(
    page
      .getByRole('table', { name: `Saldos de ${van.nome}` })
      .getByRole('row')
      .filter({ hasText: disj }),
  ).toContainText('1 un');

  const numero = String(order.numero).padStart(5, '0');
  await page.goto('/fechamento');
  await page.getByRole('button', { name: 'Buscar Dados' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: numero })
    .getByRole('checkbox', { name: `Selecionar OS ${numero}` })
    .check();
  await page.getByRole('button', { name: 'Pré-visualizar fechamento' }).click();
  const preview = page.getByRole('dialog', { name: 'Prévia do fechamento' });
  await expect(preview.getByRole('region', { name: `OS ${numero}` })).toContainText(disj);
  // 3 × R$ 48,90, not multiplied by the client's percentual.
  await expect(preview.getByTestId('closing-total')).toHaveText('R$ 146,70');
  await preview.getByRole('button', { name: 'Confirmar fechamento' }).click();
  const done = page.getByRole('dialog', { name: /^Fechamento \d{5}$/ });
  await expect(done).toBeVisible({ timeout: 20_000 });
  const closingNumero = Number((await done.getByRole('heading').first().textContent())?.match(/\d{5}/)?.[0]);
  const pdf = await page.request.get(`/api/fechamentos/${closingNumero}/pdf`);
  expect(pdf.status()).toBe(200);
  const text = await pdfText(await pdf.body());
  // The line (its description may wrap in the narrow column), its quantity, price and total, and the closing's total.
  expect(text).toMatch(new RegExp(`${disj}\\s+Disjuntor\\s+bipolar\\s+32\\s+A`));
  for (const expected of ['3 un', 'R$ 48,90', 'R$ 146,70', 'Materiais']) expect(text).toContain(expected);
});

test('[USER] the office adds a material from Editar OS; the van pays for it; no Novo local', async ({ page, admin }) => {
  test.setTimeout(90_000);
  const rele = `RELE${run}`;
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  await newMaterial(admin, rele, 'Relé térmico 12 A', 'un', '35,00');
  const order = await createOrder(admin, { motivo: 'Troca de relé' });
  await admin.post('/api/auth/logout');
  const numero = String(order.numero).padStart(5, '0');

  await signIn(page, STANDARD_USER);
  await page.goto('/os');
  await page.getByRole('button', { name: `Editar OS ${numero}`, exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Editar OS ${numero}` });
  const materials = edit.getByRole('region', { name: 'Materiais' });
  await materials.getByRole('searchbox', { name: 'Buscar material' }).fill('rele termico');
  await materials.getByRole('button', { name: new RegExp(rele) }).click();
  await materials.getByLabel('Quantidade (un)').fill('2');
  await materials.getByRole('button', { name: 'Adicionar material' }).click();
  const row = materials.getByRole('table', { name: 'Materiais' }).getByRole('row').filter({ hasText: rele });
  await expect(row).toContainText('2 un');
  await expect(row).toContainText('R$ 70,00');

  await page.goto('/estoque');
  await expect(page.getByRole('heading', { name: 'Estoque' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrada' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo local' })).toHaveCount(0);
  // The balances' 'Local' is drawn once the places have come; until then the first 'Local' is the movements' filter.
  await expect(page.getByRole('table', { name: /^Saldos de / })).toBeVisible();
  const local = page.getByLabel('Local', { exact: true }).first();
  const van = (await local.locator('option').allTextContents()).find((t) => /^Veículo – Jo/.test(t))!;
  await local.selectOption({ label: van });
  await page.getByRole('searchbox', { name: 'Buscar material' }).fill(rele);
  await expect(
    page
      .getByRole('table', { name: /^Saldos de Veículo – Jo/ })
      .getByRole('row')
      .filter({ hasText: rele }),
  ).toContainText('-2 un');
});
