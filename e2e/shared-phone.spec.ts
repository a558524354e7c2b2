import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/admin-test';
import { newTechnicianOrder } from './support/api';
import { signIn, TEC } from './support/session';

// A phone shared by two technicians (one browser profile), as on a company tablet.
test.use({ viewport: { width: 360, height: 740 } });

const MARIA = { username: 'maria', password: 'demo1234' } as const;

/** A 2x2 PNG, as a photo taken on the phone. */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const label = (numero: number) => `OS ${String(numero).padStart(5, '0')}`;

async function openAction(card: Locator, name: string) {
  const toggle = card.getByRole('button', { name: 'Expandir' });
  if (await toggle.isVisible()) await toggle.click();
  await card.getByRole('button', { name }).click();
}

/** What the device keeps: the service worker's cached photo paths and the offline store's keys and texts. */
async function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const photos: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('uploads')) continue;
      for (const request of await (await caches.open(name)).keys()) photos.push(new URL(request.url).pathname);
    }
    const reads = await new Promise<{ keys: string[]; text: string }>((resolve, reject) => {
      const open = indexedDB.open('os-offline');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('reads')) return resolve({ keys: [], text: '' });
        const all = db.transaction('reads').objectStore('reads').getAll();
        all.onsuccess = () => {
          const rows = all.result as { id: string; data: unknown }[];
          resolve({ keys: rows.map((r) => r.id), text: JSON.stringify(rows.map((r) => r.data)) });
          db.close();
        };
      };
    });
    return { photos, ...reads };
  });
}

/** The status the page gets for a URL (through the service worker), or 'sem rede'. */
const statusOf = (page: Page, url: string) =>
  page.evaluate(
    (u) =>
      fetch(u, { credentials: 'include' }).then(
        (r) => r.status,
        () => 'sem rede',
      ),
    url,
  );

test('[TEC] a shared phone: after sign-out the next technician gets nothing of the first, online or offline', async ({
  page,
  context,
  playwright,
  baseURL,
  admin,
}) => {
  test.setTimeout(120_000);
  // João's order, with a photo he took.
  const order = await newTechnicianOrder(admin, 'Aparelho compartilhado');
  const joaoApi = await playwright.request.newContext({ baseURL });
  expect((await joaoApi.post('/api/auth/login', { data: TEC })).ok()).toBeTruthy();
  const saved = await joaoApi.post('/api/descricao/', {
    multipart: {
      data: '2026-11-20',
      descricao: 'Painel do cliente do João',
      osnumber: String(order.id),
      imagem: { name: 'painel.png', mimeType: 'image/png', buffer: PHOTO_PNG },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const photo = `/uploads/${(await saved.json()).imagem}`;
  await joaoApi.dispose();

  // João works on the phone: the service worker controls the page, his order's record and photo are seen.
  await signIn(page, TEC);
  await page.goto('/service-orders');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const card = page.getByRole('article', { name: label(order.numero) });
  await expect(card).toBeVisible();
  await openAction(card, 'Visualizar');
  const view = page.getByRole('dialog', { name: 'Ordem de Serviço' });
  await expect(view.getByText('Painel do cliente do João')).toBeVisible();
  await expect(view.getByRole('img', { name: 'Foto da atividade' })).toBeVisible();
  await expect.poll(async () => (await deviceContents(page)).photos).toContain(photo);
  expect((await deviceContents(page)).text).toContain('Painel do cliente do João');
  await page.keyboard.press('Escape');

  // He signs out.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => deviceContents(page)).toEqual({ photos: [], keys: [], text: '[]' });
  // Nobody signed in: the photo is the server's to refuse, online, and nowhere to be had offline.
  expect(await statusOf(page, photo)).toBe(401);
  await context.setOffline(true);
  expect(await statusOf(page, photo)).toBe('sem rede');
  await context.setOffline(false);

  // Maria signs in on the same phone: João's photo is refused to her, and offline nothing of his is there.
  await signIn(page, MARIA);
  await page.goto('/service-orders');
  await expect(page.getByRole('heading', { name: /^Ordens de Serviço/ })).toBeVisible();
  expect(await statusOf(page, photo)).toBe(403);
  await context.setOffline(true);
  expect(await statusOf(page, photo)).toBe('sem rede');
  await page.reload();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: label(order.numero) })).toHaveCount(0);
  const kept = await deviceContents(page);
  expect(kept.photos).toEqual([]);
  expect(kept.text).not.toContain('Painel do cliente do João');
  expect(kept.text).not.toContain('Aparelho compartilhado');
  await context.setOffline(false);
  await admin.dispose();
});
