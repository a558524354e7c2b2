/**
 * Sign-in to the customer portal by a single-use e-mailed link (docs/rules.md#portal): no password,
 * the same answer for known and unknown e-mails, tokens of 256 random bits kept only as hashes,
 * valid 15 minutes, used once.
 */
import { randomBytes } from 'node:crypto';
import { isPortalPath, PORTAL_LINK_MINUTES, PORTAL_MSG } from '@os/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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

/**
 * POST /api/portal/entrar. Every active contact with that e-mail (one per client) gets its own link.
 * The answer is given before the e-mail goes out, so its timing tells nothing.
 */
export async function requestPortalLink(deps: PortalAuthDeps, email: string, ip: string, destino?: string): Promise<void> {
  const now = new Date();
  const address = await take(deps.db, { key: `portal-ip:${ip}`, windowMs: PORTAL_LINK_LIMITS.windowMs, limit: 0 }, now);
  if (address.count > PORTAL_LINK_LIMITS.perAddress) throw new AppError(429, PORTAL_MSG.tooManyLinks);
  const normalized = email.toLowerCase();
  const perEmail = await take(
    deps.db,
    { key: `portal-email:${normalized}`, windowMs: PORTAL_LINK_LIMITS.windowMs, limit: 0 },
    now,
  );
  if (perEmail.count > PORTAL_LINK_LIMITS.perEmail) return;

  const contacts = await deps.db
    .select({ id: portalContacts.id, nome: portalContacts.nome, email: portalContacts.email, cliente: clients.razao })
    .from(portalContacts)
    .innerJoin(clients, eq(clients.id, portalContacts.clientId))
    .where(and(sql`lower(${portalContacts.email}) = ${normalized}`, eq(portalContacts.ativo, true)));
  for (const contact of contacts) {
    const token = randomBytes(32).toString('base64url');
    await deps.db.insert(portalLinkTokens).values({
      contactId: contact.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + PORTAL_LINK_MINUTES * 60_000),
    });
    // The page asked for (a QR label's equipment) rides along; the portal checks it again before going there.
    const next = destino && isPortalPath(destino) ? `&destino=${encodeURIComponent(destino)}` : '';
    const link = portalUrl(deps.appUrl, `/portal/entrar?token=${token}${next}`);
    void deps.mailer
      .send({
        to: contact.email,
        subject: PORTAL_MSG.mailSubject,
        text: `Olá, ${contact.nome}.\n\nPara entrar na Área do Cliente de ${contact.cliente}, abra o link abaixo em até ${PORTAL_LINK_MINUTES} minutos (ele só pode ser usado uma vez):\n\n${link}\n\nSe você não pediu este acesso, ignore esta mensagem.`,
      })
      .then((result) => {
        if (!result.ok) deps.log?.error({ contactId: contact.id, reason: result.error }, 'portal link e-mail not delivered');
      });
  }
}

/**
 * POST /api/portal/sessao: consumes the link (one statement, so two requests racing with the same
 * link never both win) and opens a portal session for its still-active contact.
 */
export async function openPortalSession(db: Db, token: string): Promise<{ token: string; contactId: number }> {
  const now = new Date();
  const [used] = await db
    .update(portalLinkTokens)
    .set({ usedAt: now })
    .where(
      and(eq(portalLinkTokens.tokenHash, hashToken(token)), isNull(portalLinkTokens.usedAt), gt(portalLinkTokens.expiresAt, now)),
    )
    .returning({ contactId: portalLinkTokens.contactId });
  if (!used) throw new AppError(401, PORTAL_MSG.invalidLink);
  const [contact] = await db
    .select({ id: portalContacts.id })
    .from(portalContacts)
    .where(and(eq(portalContacts.id, used.contactId), eq(portalContacts.ativo, true)))
    .limit(1);
  if (!contact) throw new AppError(401, PORTAL_MSG.invalidLink);
  return { token: await createPortalSession(db, contact.id), contactId: contact.id };
}
