import { cnpjCheckDigits } from '@os/shared';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN } from './session';

/**
 * Signs the page's browser context in through the API (page.request shares the context's cookies), for
 * journeys whose subject is not the login form. The request sends no Origin header, so the server's
 * CSRF check (a foreign Origin is refused) lets it through, as it does the app's own same-origin calls.
 */
export async function signInByApi(page: Page, account: { username: string; password: string }) {
  const res = await page.request.post('/api/auth/login', { data: account });
  expect(res.ok(), `login ${account.username}: ${res.status()}`).toBeTruthy();
}

/** A valid CNPJ made from a number, so that each run's clients differ from the demo ones and from each other. */
export function cnpjFor(n: number, prefix = '7'): string {
  const base = `${prefix}${String(n % 10_000_000).padStart(7, '0')}0001`;
  return base + cnpjCheckDigits(base);
}

export type CreatedOrder = { id: number; numero: number };

/** POST /api/os with the caller's session (an admin's or a standard user's). */
export async function createOrder(request: APIRequestContext, fields: Record<string, unknown>): Promise<CreatedOrder> {
  const res = await request.post('/api/os', {
    data: {
      data: '2026-05-04',
      cliente: 1,
      engenheiro: 'joao',
      responsavel: 'Responsável E2E',
      cidade: 'Campinas',
      equipamento: 'Gerador',
      nr_peca: 'P-1',
      nr_serie: 'S-1',
      motivo: 'Manutenção',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/**
 * A fresh Aberto order of joao's, made by the admin through the API and signed out again (the demo
 * orders belong to other journeys).
 */
export async function newTechnicianOrder(request: APIRequestContext, motivo: string): Promise<CreatedOrder> {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const order = await createOrder(request, {
    data: '2026-11-20',
    responsavel: 'Maria Cliente',
    equipamento: 'Transformador',
    motivo,
  });
  await request.post('/api/auth/logout');
  return order;
}

/**
 * A fresh order of joao's on `day`, made by the admin through the API (still signed in after), with an
 * outbound trip (07:00 to 08:30, 42,5 km) and a service day (09:00 to 17:00, 1 h break) of that day.
 */
export async function orderWithTripAndServiceDay(request: APIRequestContext, motivo: string, day: string) {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const order = await createOrder(request, { motivo, data: day });
  for (const [url, data] of [
    ['/api/viagemida/', { dataida: day, saidaida: '07:00', chegadaida: '08:30', kmida: '42,5', numeroos: order.id }],
    ['/api/servicos/', { dataservico: day, entradaservico: '09:00', saidaservico: '17:00', intervalo: 1, numeroos: order.id }],
  ] as const)
    expect((await request.post(url, { data })).status(), url).toBe(201);
  return order;
}

/**
 * The office (admin) signed in through the API and a client of this run: `tag` makes the run's names
 * unique, the client's razão social is `razao(tag)` and its CNPJ starts with `cnpjPrefix`.
 */
export async function officeWithRunClient(page: Page, razao: (tag: string) => string, cnpjPrefix: string) {
  const tag = `${Date.now() % 1_000_000}`;
  await signInByApi(page, ADMIN);
  const { id: clientId } = await createClient(page.request, { razao: razao(tag), cnpj: cnpjFor(Number(tag), cnpjPrefix) });
  return { tag, razao: razao(tag), clientId };
}

/** An order made Concluído at once (the caller's session), as the portal's approval wants it. */
export async function createConcludedOrder(request: APIRequestContext, fields: Record<string, unknown>) {
  const order = await createOrder(request, fields);
  expect((await request.put(`/api/os/${order.id}`, { data: { status: 'Concluído' } })).ok()).toBeTruthy();
  return order;
}

/** POST /api/clientes (admin). */
export async function createClient(request: APIRequestContext, fields: Record<string, unknown>): Promise<{ id: number }> {
  const res = await request.post('/api/clientes', { data: { email: 'cliente@example.com', ...fields } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
