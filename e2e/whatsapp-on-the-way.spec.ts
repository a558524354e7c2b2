import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { padNumber, WHATSAPP_MSG } from '@os/shared';
import { expect, test } from '@playwright/test';
import { cnpjFor, createClient, createOrder } from './support/api';
import { ADMIN, signIn, TEC } from './support/session';

// A 360 px phone with a touch screen: the technician's job card (docs/rules.md#whatsapp).
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

/** The calls the loopback WhatsApp Cloud API received (e2e/start-server.mjs). */
async function sendsTo(number: string): Promise<{ to: string; template: { name: string } }[]> {
  const note = path.join(os.tmpdir(), `os-e2e-${process.env.E2E_PORT ?? '3100'}.whatsapp`);
  const url = fs.readFileSync(note, 'utf8').trim();
  const sends = (await (await fetch(`${url}/sends`)).json()) as { to: string; template: { name: string } }[];
  return sends.filter((s) => s.to === number);
}

test("[TEC] taps 'A caminho' twice on the phone: the client's contact gets one WhatsApp message", async ({ page }) => {
  const run = Date.now();
  const digits = `55879${String(run).slice(-8)}`;
  // The office: a client of this run with a consenting contact, and an order of joao's.
  expect((await page.request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const client = await createClient(page.request, { razao: `Zap Caminho ${run} Ltda`, cnpj: cnpjFor(run, '5') });
  const contact = await page.request.post(`/api/clientes/${client.id}/contatos`, {
    data: {
      nome: 'Marta Zap',
      email: `marta.${run}@cliente.com.br`,
      whatsapp: `(87) 9${digits.slice(5, 9)}-${digits.slice(9)}`,
      aceitaWhatsapp: true,
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const number = (await contact.json()).whatsapp.slice(1) as string;
  const order = await createOrder(page.request, { cliente: client.id, data: '2026-11-20', motivo: 'Técnico a caminho E2E' });
  await page.request.post('/api/auth/logout');

  await signIn(page, TEC);
  await page.goto('/service-orders');
  const card = page.getByRole('article', { name: `OS ${padNumber(order.numero)}` });
  const button = card.getByRole('button', { name: 'A caminho' });
  await button.tap();
  await expect(page.getByText(WHATSAPP_MSG.onTheWayQueued)).toBeVisible();
  await button.tap();
  await expect(page.getByText(WHATSAPP_MSG.onTheWayRepeated)).toBeVisible();

  await expect.poll(async () => (await sendsTo(number)).length, { timeout: 10_000 }).toBe(1);
  // The worker looks every 2 s: a little later there is still one.
  await page.waitForTimeout(3_000);
  const sent = await sendsTo(number);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.template.name).toBe('os_tecnico_a_caminho');

  // The office finds it in 'Mensagens enviadas' by its channel; the e-mails' channel does not list it.
  await page.request.post('/api/auth/logout');
  await signIn(page, ADMIN);
  await page.goto('/mensagens');
  const filter = async (canal: string) => {
    await page.getByLabel('Canal').selectOption(canal);
    await page.getByRole('button', { name: 'Buscar' }).click();
  };
  await filter('WhatsApp');
  await expect(page.getByText(number)).toBeVisible();
  await filter('E-mail');
  await expect(page.getByText(number)).toHaveCount(0);
});
