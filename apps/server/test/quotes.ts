import { businessToday } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { quotes } from '../src/db/schema';
import { createPortalSession } from '../src/platform/session';
import { createClient } from './factories/clients';
import { createEquipmentRow } from './factories/equipment';
import { createMaterialRow } from './factories/materials';
import { createPortalContact } from './factories/portal';
import type { TestContext } from './helper';
import { request } from './http';
import { type Smtp, startAppWithSmtp } from './smtp';

export const APP_URL = 'https://os.exemplo.com.br';
export const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131 Mobile';

/**
 * The app of a quotes test file (docs/rules.md#quotes), as test/approval.ts: an SMTP server, an admin, a clerk
 * and a technician, started before the file's tests and closed after. Read the bindings inside tests.
 */
export let t: TestContext;
export let smtp: Smtp;
export let admin: string;
export let clerk: string;
export let tecCookie: string;
/** The technician's id (tecCookie's user), to assign an order to. */
export let tecId: number;
/** The register's material the quotes' material item names (docs/rules.md#quotes). */
export let cabo: { id: number; codigo: string };

let close: () => Promise<void> = async () => {};
/** Starts the quotes app before the file's tests and closes it after: call it once at the top of the test file. */
export function useQuotesApp(): void {
  beforeAll(async () => {
    ({ t, smtp, close } = await startAppWithSmtp({ APP_URL }));
    admin = (await t.signedIn('admin')).cookie;
    clerk = (await t.signedIn('user')).cookie;
    ({ cookie: tecCookie, id: tecId } = await t.signedIn('tec'));
    cabo = await createMaterialRow(t.db, { descricao: 'Cabo PP 3x2,5 mm', unidade: 'm', precoVendaCentavos: 1001 });
  });
  afterAll(() => close());
}

/** A day counted from today on the company's clock. */
export function day(offset: number): string {
  const d = new Date(`${businessToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** A client with an inverter and an active portal contact (and an inactive one). */
export async function quoteClient(razao = 'Usina Boa Vista Ltda') {
  const client = await createClient(t.db, { razao });
  const machine = await createEquipmentRow(t.db, client.id, { tipo: 'Inversor', fabricante: 'WEG', modelo: 'CFW500' });
  const contact = await createPortalContact(t.db, { clientId: client.id, nome: 'Marta Lima' });
  await createPortalContact(t.db, { clientId: client.id, nome: 'Inativo', ativo: false });
  const cookie = `os_portal=${await createPortalSession(t.db, contact.id)}`;
  return { client, machine, contact, cookie };
}

export const quoteBody = (clienteId: number, equipamentoId: number | null, extra: Record<string, unknown> = {}) => ({
  clienteId,
  equipamentoId,
  validade: day(10),
  itens: [
    { tipo: 'servico', descricao: 'Manutenção preventiva do inversor', quantidade: 3, valorUnitario: 33.33 },
    { tipo: 'material', materialId: cabo.id, descricao: 'Cabo PP 3x2,5 mm', quantidade: 1.5, valorUnitario: 10.01 },
  ],
  desconto: 5,
  condicoes: 'Pagamento em 15 dias.',
  observacao: 'Inclui deslocamento.',
  ...extra,
});

export const api = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  request(t.app, cookie, method, url, payload);

export const portalPost = (url: string, cookie: string, payload: unknown, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url, headers: { cookie, 'user-agent': UA }, payload: payload as object, remoteAddress });

/** A quote created by the clerk and sent to the client's contact. */
export async function sentQuote(extra: Record<string, unknown> = {}) {
  const who = await quoteClient(`Cliente ${Math.random().toString(36).slice(2, 8)} Ltda`);
  const created = await api(clerk, 'POST', '/api/orcamentos', quoteBody(who.client.id, who.machine.id, extra));
  if (created.statusCode !== 201) throw new Error(created.body);
  const id = created.json().id as number;
  const sent = await api(clerk, 'POST', `/api/orcamentos/${id}/enviar`);
  if (sent.statusCode !== 200) throw new Error(sent.body);
  return { ...who, id, numero: created.json().numero as number };
}

/** Moves a quote's validade (as the clock passing would). */
export const setValidade = (id: number, validade: string) => t.db.update(quotes).set({ validade }).where(eq(quotes.id, id));

/** The e-mails with `subject` to `to`, once `n` have arrived. */
export async function mailsTo(to: string, subject: string, n = 1) {
  for (let i = 0; i < 200; i++) {
    const mine = smtp.received.filter((m) => m.rcpt.includes(to) && m.mail.subject === subject);
    if (mine.length >= n) return mine;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no e-mail '${subject}' to ${to}`);
}

export async function pngDataUrl() {
  const { pngSignature } = await import('./factories/images');
  return `data:image/png;base64,${(await pngSignature()).toString('base64')}`;
}
