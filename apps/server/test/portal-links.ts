import { afterAll, beforeAll, expect } from 'vitest';
import { createClient } from './factories/clients';
import type { TestContext } from './helper';
import { request } from './http';
import { type Smtp, startAppWithSmtp } from './smtp';

interface PortalApp {
  t: TestContext;
  smtp: Smtp;
  admin: string;
}

/**
 * The app of a portal sign-in test file (docs/rules.md#portal), started before its tests (APP_URL
 * https://os.exemplo.com.br, an SMTP server, plus `env`) and closed after; `app` is filled once started.
 */
export function usePortalApp(env: Record<string, string> = {}) {
  const app = {} as PortalApp;
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const started = await startAppWithSmtp({ APP_URL: 'https://os.exemplo.com.br', ...env });
    close = started.close;
    Object.assign(app, { t: started.t, smtp: started.smtp, admin: (await started.t.signedIn('admin')).cookie });
  });
  afterAll(() => close());

  // Each request from its own address unless told: the address limit has its own test.
  let host = 0;
  const nextAddress = () => `10.9.${Math.floor(++host / 250)}.${(host % 250) + 1}`;

  const askLink = (email: string, remoteAddress = nextAddress()) =>
    app.t.app.inject({ method: 'POST', url: '/api/portal/entrar', payload: { email }, remoteAddress });

  /** The sign-in link of the newest portal e-mail to `to`, read back from the SMTP server. */
  async function linkFor(to: string, after = 0): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mine = app.smtp.received.slice(after).filter((m) => m.rcpt.includes(to));
      const link = mine.at(-1)?.mail.text?.match(/https:\/\/os\.exemplo\.com\.br\/portal\/entrar\?token=[\w-]+/)?.[0];
      if (link) return link;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no portal e-mail to ${to}`);
  }

  const signIn = (token: string) => app.t.app.inject({ method: 'POST', url: '/api/portal/sessao', payload: { token } });

  /** A contact added by the admin in the client modal, to a new client unless one is given. */
  async function newContact(nome = 'Marta Lima', email = `marta.${++host}@usina.com.br`, clientId?: number) {
    const id = clientId ?? (await createClient(app.t.db)).id;
    const res = await request(app.t.app, app.admin, 'POST', `/api/clientes/${id}/contatos`, { nome, email, ativo: true });
    expect(res.statusCode, res.body).toBe(201);
    return { clientId: id, contact: res.json() as { id: number; email: string; nome: string } };
  }

  /** The token of a fresh sign-in link of `email`. */
  async function tokenFor(email: string): Promise<string> {
    const before = app.smtp.received.length;
    expect((await askLink(email)).statusCode).toBe(202);
    return new URL(await linkFor(email, before)).searchParams.get('token')!;
  }

  /** A contact signed in through its e-mailed link. */
  async function signedInContact() {
    const { clientId, contact } = await newContact();
    const res = await signIn(await tokenFor(contact.email));
    expect(res.statusCode, res.body).toBe(200);
    return { clientId, contact, cookie: portalCookie(res) };
  }

  /** The admin's edit of a contact in the client modal. */
  const editContact = (clientId: number, contactId: number, values: { nome: string; email: string; ativo: boolean }) =>
    request(app.t.app, app.admin, 'PUT', `/api/clientes/${clientId}/contatos/${contactId}`, values);

  return { app, askLink, linkFor, signIn, newContact, tokenFor, signedInContact, editContact };
}

/** The Cookie header of the portal session a sign-in opened. */
export const portalCookie = (res: { cookies: { name: string; value: string }[] }) =>
  `os_portal=${res.cookies.find((c) => c.name === 'os_portal')?.value}`;
