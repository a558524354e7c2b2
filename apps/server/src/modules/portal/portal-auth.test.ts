import { MSG, PORTAL_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories/clients';
import type { TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { portalCookie, usePortalApp } from '../../../test/portal-links';
import type { Smtp } from '../../../test/smtp';
import { auditLog, portalLinkTokens, portalSessions } from '../../db/schema';
import { hashToken } from '../../platform/session';
import { PORTAL_LINK_LIMITS } from './portal-auth.service';

const { app, askLink, linkFor, signIn, newContact, signedInContact } = usePortalApp();
let t: TestContext;
let smtp: Smtp;
let admin: string;
beforeAll(() => {
  ({ t, smtp, admin } = app);
});

describe('portal contacts in the client modal (docs/rules.md#portal)', () => {
  it('lists, adds, edits and removes a client contact; the same e-mail twice in one client answers 409', async () => {
    const { clientId, contact } = await newContact('Marta Lima', 'marta@usina.com.br');
    const list = await request(t.app, admin, 'GET', `/api/clientes/${clientId}/contatos`);
    expect(list.json()).toEqual([
      {
        id: contact.id,
        clienteId: clientId,
        nome: 'Marta Lima',
        email: 'marta@usina.com.br',
        ativo: true,
        // docs/rules.md#whatsapp: no number and no consent until given.
        whatsapp: null,
        aceitaWhatsapp: false,
      },
    ]);

    const dup = await request(t.app, admin, 'POST', `/api/clientes/${clientId}/contatos`, {
      nome: 'Outra',
      email: 'MARTA@usina.com.br',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(PORTAL_MSG.contactDuplicate);
    // Another client may have a contact with the same e-mail.
    await newContact('Marta Lima', 'marta@usina.com.br');

    const edit = await request(t.app, admin, 'PUT', `/api/clientes/${clientId}/contatos/${contact.id}`, {
      nome: 'Marta Lima Souza',
      email: 'marta@usina.com.br',
      ativo: true,
    });
    expect(edit.json()).toMatchObject({ nome: 'Marta Lima Souza' });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'portal_contact'));
    expect(audit.filter((a) => a.entityId === contact.id).map((a) => a.action)).toEqual(['create', 'update']);

    const del = await request(t.app, admin, 'DELETE', `/api/clientes/${clientId}/contatos/${contact.id}`);
    expect(del.statusCode).toBe(200);
    const after = await request(t.app, admin, 'GET', `/api/clientes/${clientId}/contatos`);
    expect(after.json()).toEqual([]);
  });

  it('refuses a contact without a name or with a bad e-mail, naming the field; nothing is stored', async () => {
    const clientId = (await createClient(t.db)).id;
    for (const [payload, message] of [
      [{ nome: ' ', email: 'a@b.com.br' }, PORTAL_MSG.contactRequired],
      [{ nome: 'Ana', email: 'não é e-mail' }, PORTAL_MSG.contactEmailInvalid],
      [{ nome: 'Ana' }, PORTAL_MSG.contactEmailInvalid],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/clientes/${clientId}/contatos`,
        headers: { cookie: admin },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const list = await request(t.app, admin, 'GET', `/api/clientes/${clientId}/contatos`);
    expect(list.json()).toEqual([]);
  });

  it('answers 404 for a contact of another client or a client that does not exist', async () => {
    const { contact } = await newContact();
    const other = (await createClient(t.db)).id;
    const res = await request(t.app, admin, 'PUT', `/api/clientes/${other}/contatos/${contact.id}`, {
      nome: 'X',
      email: 'x@y.com.br',
      ativo: false,
    });
    expect(res.statusCode).toBe(404);
    const missing = await request(t.app, admin, 'GET', '/api/clientes/999999/contatos');
    expect(missing.statusCode).toBe(404);
  });
});

describe('portal sign-in by e-mailed link (docs/rules.md#portal)', () => {
  it('e-mails an active contact a 15-minute link that opens a portal session once; the token is stored only hashed', async () => {
    const { clientId, contact } = await newContact('Rita Alves');
    const before = smtp.received.length;
    const res = await askLink(`  ${contact.email.toUpperCase()} `);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PORTAL_MSG.linkSent });
    const link = await linkFor(contact.email, before);
    const mail = smtp.received.at(-1)!.mail;
    expect(mail.subject).toBe(PORTAL_MSG.mailSubject);
    expect(mail.text).toContain('Olá, Rita Alves.');
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [stored] = await t.db.select().from(portalLinkTokens).where(eq(portalLinkTokens.contactId, contact.id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.tokenHash).not.toContain(token);
    const minutes = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(15);

    const first = await signIn(token);
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'os_portal')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = await request(t.app, portalCookie(first), 'GET', '/api/portal/eu');
    expect(me.json()).toMatchObject({ contatoId: contact.id, nome: 'Rita Alves', clienteId: clientId });

    const again = await signIn(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(PORTAL_MSG.invalidLink);
  });

  it('answers an unknown, an inactive and a known e-mail alike, and sends nothing to the first two', async () => {
    const { clientId, contact } = await newContact();
    await request(t.app, admin, 'PUT', `/api/clientes/${clientId}/contatos/${contact.id}`, {
      nome: contact.nome,
      email: contact.email,
      ativo: false,
    });
    const before = smtp.received.length;
    const unknown = await askLink('ninguem@lugar-nenhum.com.br');
    const inactive = await askLink(contact.email);
    const known = (await newContact()).contact;
    const knownRes = await askLink(known.email);
    expect([unknown.statusCode, inactive.statusCode, knownRes.statusCode]).toEqual([202, 202, 202]);
    expect(unknown.body).toBe(knownRes.body);
    expect(inactive.body).toBe(knownRes.body);
    await linkFor(known.email, before);
    expect(smtp.received.slice(before).flatMap((m) => m.rcpt)).toEqual([known.email]);
  });

  it('refuses an altered, an expired and an empty token with 401 and the same message', async () => {
    const { contact } = await newContact();
    const before = smtp.received.length;
    await askLink(contact.email);
    const token = new URL(await linkFor(contact.email, before)).searchParams.get('token')!;
    const altered = await signIn(`${token.slice(0, -2)}xx`);
    expect(altered.statusCode).toBe(401);
    expect(altered.json().error).toBe(PORTAL_MSG.invalidLink);
    await t.db
      .update(portalLinkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalLinkTokens.tokenHash, hashToken(token)));
    const expired = await signIn(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe(PORTAL_MSG.invalidLink);
    const empty = await signIn('');
    expect(empty.statusCode).toBe(401);
    expect(empty.json().error).toBe(PORTAL_MSG.invalidLink);
  });

  it('refuses a request without a valid e-mail with a message naming it', async () => {
    const res = await askLink('sem-arroba');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(PORTAL_MSG.emailRequired);
  });

  it('sends at most 3 links per e-mail in 15 minutes, answering the same; one address gets 429 after 20 requests', async () => {
    const { contact } = await newContact();
    const before = smtp.received.length;
    for (let i = 0; i < PORTAL_LINK_LIMITS.perEmail + 2; i++) expect((await askLink(contact.email)).statusCode).toBe(202);
    await linkFor(contact.email, before);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.slice(before).filter((m) => m.rcpt.includes(contact.email))).toHaveLength(PORTAL_LINK_LIMITS.perEmail);

    const address = '10.200.0.1';
    for (let i = 0; i < PORTAL_LINK_LIMITS.perAddress; i++) {
      expect((await askLink(`x${i}@nada.com.br`, address)).statusCode).toBe(202);
    }
    const over = await askLink('y@nada.com.br', address);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(PORTAL_MSG.tooManyLinks);
  });
});

describe('portal sessions (docs/rules.md#portal)', () => {
  it('ends the sessions of a contact when it is deactivated, and on sign-out', async () => {
    const { clientId, contact, cookie } = await signedInContact();
    expect((await request(t.app, cookie, 'GET', '/api/portal/eu')).statusCode).toBe(200);
    await request(t.app, admin, 'PUT', `/api/clientes/${clientId}/contatos/${contact.id}`, {
      nome: contact.nome,
      email: contact.email,
      ativo: false,
    });
    expect((await request(t.app, cookie, 'GET', '/api/portal/eu')).statusCode).toBe(401);
    expect(await t.db.select().from(portalSessions).where(eq(portalSessions.contactId, contact.id))).toEqual([]);

    const second = await signedInContact();
    const out = await request(t.app, second.cookie, 'POST', '/api/portal/sair');
    expect(out.statusCode).toBe(200);
    expect((await request(t.app, second.cookie, 'GET', '/api/portal/eu')).statusCode).toBe(401);
  });

  it('keeps the two kinds of session apart: portal on staff routes and staff on portal routes answer 401', async () => {
    const { cookie } = await signedInContact();
    for (const url of ['/api/os', '/api/clientes', '/api/auth/me']) {
      const res = await request(t.app, cookie, 'GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error).toBe(MSG.unauthorized);
    }
    const staff = await request(t.app, admin, 'GET', '/api/portal/eu');
    expect(staff.statusCode).toBe(401);
  });
});
