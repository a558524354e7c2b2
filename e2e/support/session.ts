import { expect, type Page } from '@playwright/test';
import { HEADLESS_CHROMIUM } from './chromium';

/** Demo accounts created by DEMO_DATA=1 (see e2e/start-server.mjs). */
export const ADMIN = { username: 'admin', password: 'admin-e2e-2026' } as const;
export const TEC = { username: 'joao', password: 'demo1234' } as const;
export const STANDARD_USER = { username: 'ana', password: 'demo1234' } as const;

/** Launch options with Chromium's fake camera, which needs no permission prompt (besides the project's own flags). */
export const FAKE_CAMERA = {
  permissions: ['camera'],
  launchOptions: {
    ...HEADLESS_CHROMIUM,
    args: [...HEADLESS_CHROMIUM.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
};

/** Signs in through the login form, as a person would, and waits for the home screen (a technician's is the job list). */
export async function signIn(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Usuário').fill(account.username);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('heading', { name: /^(Bem-vindo ao Sistema de Ordens de Serviço|Ordens de Serviço)/ }),
  ).toBeVisible();
}
