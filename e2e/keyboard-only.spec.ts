import { expect, type Locator, type Page, test } from '@playwright/test';
import { cnpjFor } from './support/api';
import { ADMIN } from './support/session';

// docs/ui.md: an office clerk works with the keyboard. This journey uses page.keyboard only: no click, no fill.

/** Presses Tab (or Shift+Tab) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

test('[ADMIN] signs in, reaches /clientes through the menu and creates a client with the keyboard alone', async ({ page }) => {
  test.setTimeout(60_000);
  // Sign in: the user field has the focus; Tab to the password; Enter sends.
  await page.goto('/login');
  await expect(page.getByLabel('Usuário')).toBeFocused();
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Senha')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Sistema de Ordens de Serviço' })).toBeVisible();

  // The side menu: Tab to 'Clientes', Enter.
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await tabTo(page, menu.getByRole('link', { name: 'Clientes' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/clientes');
  await expect(page.getByRole('heading', { name: 'Gestão de Clientes' })).toBeVisible();

  // '+ Novo Cliente': Enter opens the modal with the focus on its first field.
  const newButton = page.getByRole('button', { name: '+ Novo Cliente' });
  await tabTo(page, newButton);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Novo Cliente' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Razão Social')).toBeFocused();

  const tag = `Teclado${Date.now() % 1_000_000}`;
  await page.keyboard.type(`${tag} Engenharia`);
  await page.keyboard.press('Tab');
  await expect(modal.getByLabel('Nome Fantasia')).toBeFocused();
  await page.keyboard.type('Só Teclado');
  await page.keyboard.press('Tab');
  await expect(modal.getByLabel('CNPJ')).toBeFocused();
  await page.keyboard.type(cnpjFor(Date.now(), '5'));
  await tabTo(page, modal.getByLabel('Estado (UF)'));
  await page.keyboard.type('SP');
  await expect(modal.getByLabel('Estado (UF)')).toHaveValue('SP');
  await tabTo(page, modal.getByLabel('E-mail'));
  await page.keyboard.type('teclado@example.com');
  // Enter in a field submits the form (docs/ui.md#behaviour).
  await page.keyboard.press('Enter');
  const success = page.getByRole('alertdialog');
  await expect(success.getByText('Sucesso!')).toBeVisible();
  await expect(success.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(success).toBeHidden();
  await expect(modal).toBeHidden();

  // The new client is listed: search typed into the search box.
  await tabTo(page, page.getByRole('searchbox', { name: 'Buscar por Razão/Fantasia' }));
  await page.keyboard.type(tag);
  await expect(page.getByText('Clientes encontrados: 1')).toBeVisible();
  const row = page.getByRole('table').locator('tbody tr').first();
  await expect(row).toContainText(`${tag} Engenharia`);
  await expect(row).toContainText('Só Teclado');

  // Escape closes a modal and the focus goes back to the button that opened it.
  await tabTo(page, newButton, { back: true });
  await page.keyboard.press('Enter');
  await expect(modal.getByLabel('Razão Social')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  // Soft: a lost focus is reported, and the journey goes on from where a user would (Tab again).
  await expect.soft(newButton, 'focus back on + Novo Cliente after Escape').toBeFocused({ timeout: 2_000 });

  // The same from a row's icon button; with a change typed, Escape first asks to discard it.
  const editButton = row.getByRole('button', { name: `Editar ${tag} Engenharia` });
  await tabTo(page, editButton);
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Editar Cliente' });
  await expect(edit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect.soft(editButton, 'focus back on the row button after Escape').toBeFocused({ timeout: 2_000 });

  await tabTo(page, editButton);
  await page.keyboard.press('Enter');
  await expect(edit.getByLabel('Razão Social')).toBeFocused();
  await page.keyboard.type(' alterada');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog');
  await expect(discard).toContainText('Há alterações não salvas. Deseja descartá-las?');
  await tabTo(page, discard.getByRole('button', { name: 'Descartar' }), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(discard).toBeHidden();
  await expect(edit).toBeHidden();
  await expect.soft(editButton, 'focus back on the row button after discarding').toBeFocused({ timeout: 2_000 });
  await expect(row).toContainText(`${tag} Engenharia`);
  await expect(row).not.toContainText('alterada');
});
