import { PORTAL_MSG } from '@os/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request } from '../../../test/http';
import { portalCookie, usePortalApp } from '../../../test/portal-links';
import { portalContacts, portalLinkTokens, portalSessions } from '../../db/schema';

/** A short absolute limit, so a session can be aged past it by moving its start back. */
const MAX_MINUTES = 60;
const { app, askLink, signIn, newContact, tokenFor, signedInContact, editContact } = usePortalApp({
  PORTAL_SESSION_MAX_MINUTES: String(MAX_MINUTES),
});

const me = (cookie: string) => request(app.t.app, cookie, 'GET', '/api/portal/eu');

describe('a link and a session belong to the address they were sent to (docs/rules.md#portal)', () => {
  it('refuses (401) the old address link after an e-mail change and ends the sessions; the new address signs in', async () => {
    const { clientId, contact, cookie } = await signedInContact();
    const oldLink = await tokenFor(contact.email);
    const changed = await editContact(clientId, contact.id, {
      nome: contact.nome,
      email: 'novo.endereco@usina.com.br',
      ativo: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const old = await signIn(oldLink);
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe(PORTAL_MSG.invalidLink);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await app.t.db.select().from(portalSessions).where(eq(portalSessions.contactId, contact.id))).toEqual([]);

    const fresh = await signIn(await tokenFor('novo.endereco@usina.com.br'));
    expect(fresh.statusCode).toBe(200);
    expect((await me(portalCookie(fresh))).json()).toMatchObject({ contatoId: contact.id, email: 'novo.endereco@usina.com.br' });
  });

  it('refuses (401) a link sent before a deactivation once the contact is reactivated; a new link works', async () => {
    const { clientId, contact, cookie } = await signedInContact();
    const before = await tokenFor(contact.email);
    const values = { nome: contact.nome, email: contact.email };
    expect((await editContact(clientId, contact.id, { ...values, ativo: false })).statusCode).toBe(200);
    expect((await editContact(clientId, contact.id, { ...values, ativo: true })).statusCode).toBe(200);

    const old = await signIn(before);
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe(PORTAL_MSG.invalidLink);
    expect((await me(cookie)).statusCode).toBe(401);
    const fresh = await signIn(await tokenFor(contact.email));
    expect(fresh.statusCode).toBe(200);
    expect((await me(portalCookie(fresh))).statusCode).toBe(200);
  });

  it('keeps the links and sessions of a contact whose name alone changes', async () => {
    const { clientId, contact, cookie } = await signedInContact();
    const link = await tokenFor(contact.email);
    expect(
      (await editContact(clientId, contact.id, { nome: 'Marta L. Souza', email: contact.email, ativo: true })).statusCode,
    ).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({ nome: 'Marta L. Souza' });
    expect((await signIn(link)).statusCode).toBe(200);
  });
});

describe('a portal session ends PORTAL_SESSION_MAX_MINUTES after it began (docs/rules.md#portal)', () => {
  it('answers 401 to a session older than the limit however recently used; a new link signs in again', async () => {
    const { contact, cookie } = await signedInContact();
    const age = async (minutes: number) =>
      app.t.db
        .update(portalSessions)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})`, lastSeenAt: new Date() })
        .where(eq(portalSessions.contactId, contact.id));
    await age(MAX_MINUTES - 1);
    expect((await me(cookie)).statusCode).toBe(200);
    await age(MAX_MINUTES + 1);
    const ended = await me(cookie);
    expect(ended.statusCode).toBe(401);
    const again = await signIn(await tokenFor(contact.email));
    expect((await me(portalCookie(again))).statusCode).toBe(200);
  });
});

describe("'Entrar' answers before anything that depends on the e-mail (docs/rules.md#portal)", () => {
  it('answers a known and an unknown address with the same status and body; the known one gets its token row shortly after', async () => {
    const { contact } = await newContact();
    const [known, unknown] = [await askLink(contact.email), await askLink('ninguem.aqui@lugar-nenhum.com.br')];
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: PORTAL_MSG.linkSent });
    await expect
      .poll(async () => (await app.t.db.select().from(portalLinkTokens).where(eq(portalLinkTokens.contactId, contact.id))).length)
      .toBe(1);
    const [row] = await app.t.db.select().from(portalLinkTokens).where(eq(portalLinkTokens.contactId, contact.id));
    const [stored] = await app.t.db.select().from(portalContacts).where(eq(portalContacts.id, contact.id));
    expect(row).toMatchObject({ email: contact.email, linkVersion: stored!.linkVersion, usedAt: null });
  });
});
