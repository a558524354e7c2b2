/**
 * Sign-in to the customer portal by a single-use e-mailed link (docs/rules.md#portal): no password,
 * the same answer for known and unknown e-mails, given before anything that depends on which it is;
 * tokens of 256 random bits kept only as hashes, valid 15 minutes, used once, bound to the address
 * they were sent to (the contact's link_version).
 */
import { randomBytes } from 'node:crypto';
import { isPortalPath, MAIL_ACTION, PORTAL_LINK_MINUTES, PORTAL_MSG } from '@os/shared';
import { and, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, portalContacts, portalLinkTokens } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { createPortalSession, hashToken } from '../../platform/session';
import { take } from '../auth/sign-in-throttle';

/** Link requests: per e-mail, extra requests get the same answer and no e-mail; per address, 429. */
export const PORTAL_LINK_LIMITS = {
  windowMs: 15 * 60_000,
  perEmail: 3,
  perAddress: 20,
};

export interface PortalAuthDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log?: { error(obj: object, msg: string): void };
}

export class LinkRequestsThrottled extends Error {}

export function portalUrl(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/+$/, '')}${path}`;
}

/** A contact a link is sent to: the link carries the address and the contact's link_version of its issue. */
export interface LinkContact {
  id: number;
  email: string;
  linkVersion: number;
}

/** The columns of a contact to send a link to, with its name. */
export const linkContactColumns = {
  id: portalContacts.id,
  nome: portalContacts.nome,
  email: portalContacts.email,
  linkVersion: portalContacts.linkVersion,
};

/** A single-use link token for `contact`, valid until `expiresAt`; the database keeps only its hash. */
export async function issueLinkToken(db: Db, contact: LinkContact, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(portalLinkTokens).values({
    contactId: contact.id,
    tokenHash: hashToken(token),
    email: contact.email,
    linkVersion: contact.linkVersion,
    expiresAt,
  });
  return token;
}

/**
 * POST /api/portal/entrar, before the answer: takes the request's places in the counters, the same
 * writes whether the e-mail is known or not. Over the address limit: 429; over the e-mail's limit:
 * false (the same answer, no link).
 */
export async function takeLinkRequest(db: Db, email: string, ip: string): Promise<boolean> {
  const now = new Date();
  const address = await take(db, { key: `portal-ip:${ip}`, windowMs: PORTAL_LINK_LIMITS.windowMs, limit: 0 }, now);
  if (address.count > PORTAL_LINK_LIMITS.perAddress) throw new AppError(429, PORTAL_MSG.tooManyLinks);
  const perEmail = await take(
    db,
    { key: `portal-email:${email.toLowerCase()}`, windowMs: PORTAL_LINK_LIMITS.windowMs, limit: 0 },
    now,
  );
  return perEmail.count <= PORTAL_LINK_LIMITS.perEmail;
}

/**
 * POST /api/portal/entrar, after the answer (docs/rules.md#portal): every active contact with that
 * e-mail (one per client) gets its own link. Nothing here runs before the reply, so neither its
 * timing nor its writes tell whether the e-mail is known.
 */
export async function sendPortalLinks(deps: PortalAuthDeps, email: string, destino?: string): Promise<void> {
  const now = new Date();
  const contacts = await deps.db
    .select({ ...linkContactColumns, cliente: clients.razao })
    .from(portalContacts)
    .innerJoin(clients, eq(clients.id, portalContacts.clientId))
    .where(and(sql`lower(${portalContacts.email}) = ${email.toLowerCase()}`, eq(portalContacts.ativo, true)));
  for (const contact of contacts) {
    const token = await issueLinkToken(deps.db, contact, new Date(now.getTime() + PORTAL_LINK_MINUTES * 60_000));
    // The page asked for (a QR label's equipment) rides along; the portal checks it again before going there.
    const next = destino && isPortalPath(destino) ? `&destino=${encodeURIComponent(destino)}` : '';
    const link = portalUrl(deps.appUrl, `/portal/entrar?token=${token}${next}`);
    const result = await deps.mailer.send({
      to: contact.email,
      subject: PORTAL_MSG.mailSubject,
      text: `Olá, ${contact.nome}.\n\nPara entrar na Área do Cliente de ${contact.cliente}, use o botão abaixo em até ${PORTAL_LINK_MINUTES} minutos (o link só pode ser usado uma vez).\n\nSe você não pediu este acesso, ignore esta mensagem.`,
      action: { label: MAIL_ACTION.signIn, url: link },
    });
    if (!result.ok) deps.log?.error({ contactId: contact.id, reason: result.error }, 'portal link e-mail not delivered');
  }
}

/**
 * POST /api/portal/sessao: consumes the link (one statement, so two requests racing with the same
 * link never both win) and opens a portal session for its contact, bound as the link was. A link whose
 * contact is inactive, or whose e-mail changed or was deactivated since it was sent (link_version
 * moved on), is refused like an unknown one.
 */
export async function openPortalSession(db: Db, token: string): Promise<{ token: string; contactId: number }> {
  const now = new Date();
  const [used] = await db
    .update(portalLinkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(portalLinkTokens.tokenHash, hashToken(token)),
        isNull(portalLinkTokens.usedAt),
        gt(portalLinkTokens.expiresAt, now),
        exists(
          db
            .select({ id: portalContacts.id })
            .from(portalContacts)
            .where(
              and(
                eq(portalContacts.id, portalLinkTokens.contactId),
                eq(portalContacts.ativo, true),
                eq(portalContacts.linkVersion, portalLinkTokens.linkVersion),
              ),
            ),
        ),
      ),
    )
    .returning({
      contactId: portalLinkTokens.contactId,
      email: portalLinkTokens.email,
      linkVersion: portalLinkTokens.linkVersion,
    });
  if (!used) throw new AppError(401, PORTAL_MSG.invalidLink);
  const session = await createPortalSession(db, used.contactId, { email: used.email, linkVersion: used.linkVersion });
  return { token: session, contactId: used.contactId };
}
