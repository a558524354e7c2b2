import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { CHROMIUM } from './support/chromium';
import { ADMIN, signIn } from './support/session';

// The full Chromium: the order PDF is viewed in its PDF viewer (the headless shell has none).
test.use({ launchOptions: CHROMIUM });

/** /fechamento after 'Buscar Dados' (the Concluído orders): the row of an order. */
async function fechamentoRow(page: Page, numero: string) {
  await signIn(page, ADMIN);
  await page.goto('/fechamento');
  await page.getByRole('button', { name: 'Buscar Dados' }).click();
  const row = page.getByRole('row').filter({ hasText: numero });
  await expect(row).toBeVisible();
  return row;
}

// Demo data (DEMO_DATA=1): orders 00003, 00007, 00011... are Concluído with timesheet and descriptions.

test('[ADMIN] generates and views an order PDF from the PDF list', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/pdf');
  await expect(page.getByRole('heading', { name: 'Fechamento de Ordens de Serviço' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  await expect(page.getByRole('option', { name: 'Todos os Status' })).toBeAttached();

  await page.getByPlaceholder('Buscar por cliente ou número').fill('3');
  const row = page.getByRole('row').filter({ hasText: '00003' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Visualizar PDF da OS 00003' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Gerar PDF da OS 00003' }).click();
  await expect(page.getByText('PDF gerado com sucesso!')).toBeVisible({ timeout: 20_000 });
  const viewer = page.getByRole('dialog', { name: 'Visualizar PDF - OS 00003' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Abrir em nova janela' })).toHaveAttribute(
    'href',
    /\/api\/os\/\d+\/pdfcompleto_os$/,
  );
  await expect(viewer.locator('object[type="application/pdf"]')).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Now the PDF exists: it can be viewed, and generating again asks first.
  await row.getByRole('button', { name: 'Visualizar PDF da OS 00003' }).click();
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(viewer).toBeHidden();
  await row.getByRole('button', { name: 'Gerar PDF da OS 00003' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Gerar PDF novamente?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ask).toBeHidden();
});

test('[ADMIN] runs a closing from /fechamento and downloads its PDF', async ({ page }) => {
  await signIn(page, ADMIN);
  // The menu's 'Fechamento' reaches the closing in one step: 'Fechar ordens' (docs/rules.md#daily-use).
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Fechamento', exact: true }).click();
  await expect(page).toHaveURL('/pdf');
  await page.getByRole('link', { name: 'Fechar ordens' }).click();
  await expect(page).toHaveURL('/fechamento');
  await expect(page.getByRole('button', { name: 'Buscar Dados' })).toBeVisible();
  await page.getByRole('button', { name: 'Buscar Dados' }).click();
  const row = page.getByRole('row').filter({ hasText: '00007' });
  await expect(row).toBeVisible();
  // docs/screens.md#fechamento: the rows can be edited from here too.
  await row.getByRole('button', { name: 'Editar OS 00007' }).click();
  const editModal = page.getByRole('dialog', { name: /Editar OS 00007/ });
  await expect(editModal).toBeVisible();
  await editModal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(editModal).toBeHidden();
  await row.getByRole('checkbox', { name: 'Selecionar OS 00007' }).check();

  await page.getByRole('button', { name: 'Pré-visualizar fechamento' }).click();
  const preview = page.getByRole('dialog', { name: 'Prévia do fechamento' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('region', { name: 'OS 00007' })).toContainText('Hora Normal');
  await expect(preview.getByRole('region', { name: 'OS 00007' })).toContainText('Hora Viagem');
  await expect(preview.getByTestId('closing-total')).toHaveText(/^R\$ [\d.]+,\d{2}$/);
  const total = await preview.getByTestId('closing-total').textContent();

  await preview.getByRole('button', { name: 'Confirmar fechamento' }).click();
  await expect(page.getByText('Fechamento realizado com sucesso!').first()).toBeVisible({ timeout: 20_000 });
  const done = page.getByRole('dialog', { name: /^Fechamento \d{5}$/ });
  const downloadPromise = page.waitForEvent('download');
  await done.getByRole('link', { name: 'Baixar PDF do fechamento' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^Fechamento_\d{5}\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await done.getByRole('button', { name: 'Fechar' }).last().click();

  // The closing is listed with its total; the order is now Fechado and can no longer be selected.
  const closingRow = page.getByRole('table', { name: 'Fechamentos realizados' }).getByRole('row').filter({ hasText: '00007' });
  await expect(closingRow).toContainText(total ?? '');
  await expect(closingRow).toContainText('Fechado');

  // Reopening asks for a reason.
  await closingRow.getByRole('button', { name: /^Reabrir fechamento/ }).click();
  const reopen = page.getByRole('dialog', { name: /^Reabrir fechamento/ });
  await reopen.getByRole('button', { name: 'Reabrir' }).click();
  await expect(reopen.getByText('Informe o motivo da reabertura.')).toBeVisible();
  await reopen.getByLabel('Motivo').fill('Km corrigido a pedido do cliente');
  await reopen.getByRole('button', { name: 'Reabrir' }).click();
  await expect(page.getByText('Fechamento reaberto com sucesso!')).toBeVisible();
  await expect(closingRow).toContainText('Reaberto');
});

test('[ADMIN] downloads an order PDF from a /fechamento row', async ({ page }) => {
  const row = await fechamentoRow(page, '00011');

  // No PDF yet: nothing to download; generating one offers it.
  const downloadButton = row.getByRole('button', { name: 'Baixar PDF da OS 00011' });
  if ((await downloadButton.count()) === 0) {
    await row.getByRole('button', { name: 'Gerar PDF da OS 00011' }).click();
    const viewer = page.getByRole('dialog', { name: 'Visualizar PDF - OS 00011' });
    await expect(viewer).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  }

  const downloadPromise = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('OS-00011.pdf');
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});
