import { expect, type Locator, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { test } from './support/admin-test';
import { fillExpense, goOfflineReady, openAction, technicianOnNewOrder } from './support/field';

// A phone (360x740) on the field, with a camera photo of 4000x3000 (docs/rules.md#daily-use).
test.use({ viewport: { width: 360, height: 740 } });

const ONE_MB = 1024 * 1024;

let bigPhoto: Promise<Buffer> | undefined;
/**
 * A 4000x3000 JPEG that weighs like a phone camera's (several MB): smooth colour areas with fine
 * grain, drawn by the test (no photo from elsewhere is committed). Made once per worker.
 */
function cameraPhoto(): Promise<Buffer> {
  bigPhoto ??= (async () => {
    const blobs = await sharp({
      create: { width: 500, height: 375, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const smooth = await sharp(blobs).resize(4000, 3000, { kernel: 'cubic' }).toBuffer();
    const grain = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 12 },
      },
    })
      .png()
      .toBuffer();
    return sharp(smooth)
      .composite([{ input: grain, blend: 'overlay' }])
      .jpeg({ quality: 92 })
      .toBuffer();
  })();
  return bigPhoto;
}

async function photoFile(name: string) {
  const buffer = await cameraPhoto();
  expect(buffer.length).toBeGreaterThan(4 * ONE_MB);
  expect(await sharp(buffer).metadata()).toMatchObject({ width: 4000, height: 3000 });
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The bytes of a request's body as it left the browser. */
function bodyBytes(request: Request): number {
  const body = request.postDataBuffer();
  expect(body, `${request.url()} sent a body`).not.toBeNull();
  return body!.length;
}

/** The image part of a multipart body, read back: its pixel size. */
async function sentImage(request: Request) {
  const body = request.postDataBuffer()!;
  const start = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  expect(start, 'a JPEG in the body').toBeGreaterThan(0);
  return sharp(body.subarray(start)).metadata();
}

/**
 * Holds the next POST to `path` until the test has seen the upload percentage, then lets it through;
 * answers the request as it left the phone.
 */
async function holdUpload(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen!: (request: Request) => void;
  const request = new Promise<Request>((resolve) => {
    seen = resolve;
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      seen(route.request());
      await released;
      await route.fallback();
    },
    { times: 1 },
  );
  return { request, release };
}

/** Does `act` with the next POST to `path` held: the dialog says 'Enviando foto… N%', then it goes; answers what was sent. */
async function sentWhileHeld(page: Page, dialog: Locator, path: string, act: () => Promise<unknown>) {
  const upload = await holdUpload(page, path);
  await act();
  const sent = await upload.request;
  await expect(dialog.getByText(/^Enviando foto… \d{1,3}%$/)).toBeVisible();
  upload.release();
  return sent;
}

test('[TEC] a 4000x3000 description photo leaves the phone under 1 MB, with its percentage shown', async ({ page, admin }) => {
  test.setTimeout(120_000);
  const { card } = await technicianOnNewOrder(page, admin, 'Foto leve na descrição');
  await openAction(card, 'Add Descrição');
  const dialog = page.getByRole('dialog', { name: 'Descrição da Atividade' });
  await dialog.getByLabel('Descrição detalhada').fill('Painel limpo e reapertado, foto do quadro.');
  await dialog.getByLabel('Escolher foto').setInputFiles(await photoFile('quadro.jpg'));
  await expect(dialog.getByRole('img', { name: 'Foto da atividade' })).toBeVisible({ timeout: 30_000 });

  const sent = await sentWhileHeld(page, dialog, '/api/descricao/', () =>
    dialog.getByRole('button', { name: 'Salvar Descrição' }).click(),
  );
  await expect(page.getByText('Descrição e imagem salvas com sucesso!')).toBeVisible();

  expect(bodyBytes(sent)).toBeLessThan(ONE_MB);
  const image = await sentImage(sent);
  expect(image.format).toBe('jpeg');
  expect(Math.max(image.width!, image.height!)).toBe(1920);
});

test('[TEC] a 4000x3000 receipt is read by OCR and saved under 1 MB each time, with the percentage shown', async ({
  page,
  admin,
}) => {
  test.setTimeout(180_000);
  const { card } = await technicianOnNewOrder(page, admin, 'Foto leve na despesa');
  await openAction(card, 'Add Despesas');
  const dialog = page.getByRole('dialog', { name: 'Lançamento de Despesas' });
  await expect(dialog.getByLabel('Tipo de Despesa')).toContainText('Alimentação');

  const photo = await photoFile('cupom.jpg');
  const read = await sentWhileHeld(page, dialog, '/api/mistral/analyze-gemini', () =>
    dialog.getByLabel('Foto do comprovante').setInputFiles(photo),
  );
  expect(bodyBytes(read)).toBeLessThan(ONE_MB);
  // The reading ends (nothing legible on this photo: the fields stay to be typed).
  await expect(dialog.getByText('Processando OCR…')).toBeHidden({ timeout: 120_000 });

  await fillExpense(dialog, { docnr: '9001', valor: '32,50', tipo: 'Alimentação', descricao: 'Almoço da equipe na obra' });
  const saved = await sentWhileHeld(page, dialog, '/api/despesa/', () =>
    dialog.getByRole('button', { name: 'Salvar Despesa' }).click(),
  );
  await expect(page.getByText('Cadastrado realizado com sucesso!')).toBeVisible();
  expect(bodyBytes(saved)).toBeLessThan(ONE_MB);
  expect((await sentImage(saved)).width).toBe(1920);
});

test('[TEC] offline, the kept description and receipt photos are the reduced ones: each leaves under 1 MB on sync', async ({
  page,
  context,
  admin,
}) => {
  test.setTimeout(180_000);
  const { order, card } = await technicianOnNewOrder(page, admin, 'Foto leve sem sinal');
  // Online once: the expense types are read (and kept), and the service worker takes control.
  await goOfflineReady(page, context, card);

  await openAction(card, 'Add Descrição');
  const description = page.getByRole('dialog', { name: 'Descrição da Atividade' });
  await description.getByLabel('Descrição detalhada').fill('Medição do aterramento sem sinal no local.');
  await description.getByLabel('Escolher foto').setInputFiles(await photoFile('aterramento.jpg'));
  await expect(description.getByRole('img', { name: 'Foto da atividade' })).toBeVisible({ timeout: 30_000 });
  await description.getByRole('button', { name: 'Salvar Descrição' }).click();
  await expect(page.getByText('1 pendente', { exact: true })).toBeVisible();
  if (await description.isVisible()) await page.keyboard.press('Escape');

  await openAction(card, 'Add Despesas');
  const expense = page.getByRole('dialog', { name: 'Lançamento de Despesas' });
  await expense.getByLabel('Foto do comprovante').setInputFiles(await photoFile('cupom.jpg'));
  await expect(page.getByText('Sem conexão: preencha os dados do comprovante manualmente.')).toBeVisible({ timeout: 30_000 });
  await fillExpense(expense, { docnr: '778', valor: '18,00', tipo: 'Alimentação', descricao: 'Lanche da equipe na subestação' });
  await expense.getByRole('button', { name: 'Salvar Despesa' }).click();
  await expect(page.getByText('2 pendentes', { exact: true })).toBeVisible();
  if (await expense.isVisible()) await page.keyboard.press('Escape');

  // What the sync sends, as it leaves the phone (intercepted to read the body, then let through).
  const sent: Request[] = [];
  await page.route(
    (url) => /^\/api\/(descricao|despesa)\/$/.test(url.pathname),
    async (route) => {
      if (route.request().method() === 'POST') sent.push(route.request());
      await route.fallback();
    },
  );
  await context.setOffline(false);
  await expect(page.getByText(/pendente/)).toHaveCount(0, { timeout: 30_000 });
  expect(sent.map((r) => new URL(r.url()).pathname).sort()).toEqual(['/api/descricao/', '/api/despesa/']);
  for (const request of sent) {
    expect(bodyBytes(request)).toBeLessThan(ONE_MB);
    expect((await sentImage(request)).width).toBe(1920);
  }
  const descricoes = (await (await page.request.get(`/api/descricao/${order.id}`)).json()) as unknown[];
  expect(descricoes).toHaveLength(1);
});
