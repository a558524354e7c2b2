import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { orderDecisions, orders } from '../src/db/schema';
import { createPortalSession } from '../src/platform/session';
import { createLocalStorage } from '../src/platform/storage';
import { createOrderFixture } from './factories/orders';
import { createPortalContact } from './factories/portal';
import type { TestContext } from './helper';
import { request } from './http';
import { type Smtp, startAppWithSmtp } from './smtp';

export const APP_URL = 'https://os.exemplo.com.br';
export const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131 Mobile';

/**
 * The app of an approval test file (docs/rules.md#portal), as test/file-app.ts: importing this module starts
 * it before the file's tests (an SMTP server, an admin, a clerk and a technician) and closes it after. The
 * bindings are live: read them inside tests and hooks.
 */
export let t: TestContext;
export let smtp: Smtp;
export let storage: ReturnType<typeof createLocalStorage>;
/** The admin's Cookie header. */
export let admin: string;
export let clerk: { id: number; username: string; cookie: string };
export let tec: { id: number };

let close: () => Promise<void> = async () => {};
/** Starts the approval app before the file's tests and closes it after: call it once at the top of the test file. */
export function useApprovalApp(): void {
  beforeAll(async () => {
    const started = await startAppWithSmtp({ APP_URL });
    ({ t, smtp, close } = started);
    storage = createLocalStorage(t.dataDir);
    admin = (await t.signedIn('admin')).cookie;
    clerk = await t.signedIn('user');
    tec = await t.createUser('tec', `tec_aprov_${Date.now() % 100000}`, 'Carlos Pereira');
  });
  afterAll(() => close());
}

/** A Concluído order of a new client with two active contacts and one inactive, created by the clerk. */
export async function concludedOrder(opts: { status?: 'Concluído' | 'Andamento' | 'Fechado'; contacts?: boolean } = {}) {
  const { order, clientId } = await createOrderFixture(t.db, storage, {
    status: opts.status ?? 'Concluído',
    technicianId: tec.id,
    descriptions: ['Troca do rolamento'],
    photos: false,
  });
  await t.db.update(orders).set({ createdBy: clerk.id }).where(eq(orders.id, order.id));
  if (opts.contacts === false) return { order, clientId, contacts: [] };
  const marta = await createPortalContact(t.db, { clientId, nome: 'Marta Lima' });
  const joao = await createPortalContact(t.db, { clientId, nome: 'João Souza' });
  await createPortalContact(t.db, { clientId, nome: 'Inativo', ativo: false });
  return { order, clientId, contacts: [marta, joao] };
}

export const post = (url: string, cookie: string, payload: unknown, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url, headers: { cookie, 'user-agent': UA }, payload: payload as object, remoteAddress });

/** The e-mails with `subject` to `to` received after the `after`th, once `n` have arrived. */
export async function mailsTo(to: string, after: number, subject: string, n = 1) {
  for (let i = 0; i < 200; i++) {
    const mine = smtp.received.slice(after).filter((m) => m.rcpt.includes(to) && m.mail.subject === subject);
    if (mine.length >= n) return mine;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no e-mail '${subject}' to ${to}`);
}

export const portalCookie = async (contactId: number) => `os_portal=${await createPortalSession(t.db, contactId)}`;
export const send = (id: number, cookie = admin) => request(t.app, cookie, 'POST', `/api/os/${id}/enviar-aprovacao`);
export const state = (id: number, cookie: string) => request(t.app, cookie, 'GET', `/api/portal/os/${id}/aprovacao`);
export const approve = (id: number, cookie: string, payload: unknown) => post(`/api/portal/os/${id}/aceite`, cookie, payload);
export const contest = (id: number, cookie: string, payload: unknown) =>
  post(`/api/portal/os/${id}/contestacao`, cookie, payload);
export const rate = (id: number, cookie: string, payload: unknown) => post(`/api/portal/os/${id}/avaliacao`, cookie, payload);
export const decisionsOf = (orderId: number) => t.db.select().from(orderDecisions).where(eq(orderDecisions.orderId, orderId));
export async function pngDataUrl() {
  const { pngSignature } = await import('./factories/images');
  return `data:image/png;base64,${(await pngSignature()).toString('base64')}`;
}
