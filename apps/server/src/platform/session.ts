import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@os/shared';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { portalContacts, portalSessions, sessions, users } from '../db/schema';

export const SESSION_COOKIE = 'os_session';
/**
 * Over HTTPS the cookie carries the `__Host-` prefix (docs/rules.md#accounts): the browser then keeps
 * it only when Secure, for path / and without a Domain, so no sibling host can plant or shadow it.
 * Plain http (development on localhost, tests) keeps the bare name, which needs no Secure flag.
 */
export const HOST_SESSION_COOKIE = '__Host-os_session';

type CookieRequest = { protocol: string; cookies: Record<string, string | undefined> };

/** A cookie's name by the protocol the request arrived over (X-Forwarded-Proto from a trusted proxy). */
const byProtocol = (request: { protocol: string }, plain: string, host: string) => (request.protocol === 'https' ? host : plain);

/** The session cookie's name for a request. */
export const sessionCookieName = (request: { protocol: string }): string =>
  byProtocol(request, SESSION_COOKIE, HOST_SESSION_COOKIE);

/** The session token a request carries, under the one name valid for its protocol. */
export const sessionToken = (request: CookieRequest): string | undefined => request.cookies[sessionCookieName(request)];

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits; the cookie holds the token, the database only its hash. */
export async function createSession(db: Db, userId: number, maxMinutes: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + maxMinutes * 60_000),
  });
  return token;
}

export const sessionUserColumns = {
  id: users.id,
  nome_completo: users.nomeCompleto,
  username: users.username,
  email: users.email,
  role: users.role,
};

/** Who a live session's row names, without its idle clock; `touch` moves the clock on, at most once a minute. */
async function seen<R extends { lastSeenAt: Date }>(
  row: R | undefined,
  now: Date,
  touch: () => PromiseLike<unknown>,
): Promise<Omit<R, 'lastSeenAt'> | null> {
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) await touch();
  const { lastSeenAt: _seen, ...who } = row;
  return who;
}

/** The session lookup runs on every request: built once per database, a named statement on PostgreSQL. */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select({ ...sessionUserColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('session_user');
}

/** The user behind a live session, or null; refreshes the idle clock at most once a minute. */
export async function resolveSession(db: Db, token: string, idleMinutes: number): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const now = new Date();
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash, now, idleSince: new Date(now.getTime() - idleMinutes * 60_000) });
  return seen(row, now, () => db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash)));
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user (password change, disabling), optionally but one. */
export async function endUserSessions(db: Db, userId: number, exceptToken?: string): Promise<void> {
  const where = exceptToken
    ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(exceptToken)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(where);
}

// ---------------------------------------------------------------- portal sessions (docs/rules.md#portal)

/** The portal's own cookie: a staff session never opens a portal route, nor the other way round. */
export const PORTAL_COOKIE = 'os_portal';
export const HOST_PORTAL_COOKIE = '__Host-os_portal';

export const portalCookieName = (request: { protocol: string }): string => byProtocol(request, PORTAL_COOKIE, HOST_PORTAL_COOKIE);

export const portalToken = (request: CookieRequest): string | undefined => request.cookies[portalCookieName(request)];

/** The contact behind a portal session: who, and the one client whose data it may read. */
export interface PortalUser {
  contatoId: number;
  clienteId: number;
  nome: string;
  email: string;
}

/** Who the audit and a PDF's footer name for what a portal contact did: the contact, never a staff account. */
export function portalActor(me: PortalUser): SessionUser {
  return { id: 0, nome_completo: me.nome, username: `portal:${me.email}`, email: me.email, role: 'user' };
}

/** The contact's columns of a decision row (docs/rules.md#portal): kept as they were when it decided. */
export const decidingContact = (me: PortalUser) => ({ contactId: me.contatoId, contatoNome: me.nome, contatoEmail: me.email });

/** The evidence of a contact's decision (an order's or a quote's) that its audit entry repeats. */
export function decisionEvidence(me: PortalUser, row: { nome: string; motivo: string | null; ip: string; userAgent: string }) {
  return {
    nome: row.nome,
    ...(row.motivo ? { motivo: row.motivo } : {}),
    contato: `${me.nome} <${me.email}>`,
    ip: row.ip,
    navegador: row.userAgent,
  };
}

/** What a portal session is bound to: the address its link was sent to and the contact's link_version then. */
export interface PortalBinding {
  email: string;
  linkVersion: number;
}

/**
 * 256 random bits for a portal session; the database keeps only the hash. Bound to the link that opened
 * it (`bound`), or else to the contact as it is now.
 */
export async function createPortalSession(db: Db, contactId: number, bound?: PortalBinding): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const binding =
    bound ??
    (
      await db
        .select({ email: portalContacts.email, linkVersion: portalContacts.linkVersion })
        .from(portalContacts)
        .where(eq(portalContacts.id, contactId))
        .limit(1)
    )[0];
  await db.insert(portalSessions).values({ tokenHash: hashToken(token), contactId, ...binding });
  return token;
}

/** How long a portal session lives: idle at most `idleDays`, and at most `maxMinutes` after it began. */
export interface PortalSessionLimits {
  idleDays: number;
  maxMinutes: number;
}

/**
 * The active contact behind a live portal session, or null: not idle too long, not older than the
 * limit whatever its use, and its contact's link_version unchanged since its link was sent
 * (docs/rules.md#portal). `email` is the address the link was sent to.
 */
export async function resolvePortalSession(db: Db, token: string, limits: PortalSessionLimits): Promise<PortalUser | null> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({
      contatoId: portalContacts.id,
      clienteId: portalContacts.clientId,
      nome: portalContacts.nome,
      email: portalSessions.email,
      lastSeenAt: portalSessions.lastSeenAt,
    })
    .from(portalSessions)
    .innerJoin(portalContacts, eq(portalContacts.id, portalSessions.contactId))
    .where(
      and(
        eq(portalSessions.tokenHash, tokenHash),
        gt(portalSessions.lastSeenAt, new Date(now.getTime() - limits.idleDays * 86_400_000)),
        gt(portalSessions.createdAt, new Date(now.getTime() - limits.maxMinutes * 60_000)),
        eq(portalSessions.linkVersion, portalContacts.linkVersion),
        eq(portalContacts.ativo, true),
      ),
    )
    .limit(1);
  return seen(row, now, () => db.update(portalSessions).set({ lastSeenAt: now }).where(eq(portalSessions.tokenHash, tokenHash)));
}

export async function endPortalSession(db: Db, token: string): Promise<void> {
  await db.delete(portalSessions).where(eq(portalSessions.tokenHash, hashToken(token)));
}

/**
 * Ends every portal session of a contact (deactivated, e-mail changed) and voids every link already
 * sent to it, sign-in or approval: its link_version goes up, so a link issued before no longer matches
 * (docs/rules.md#portal); a contact reactivated later needs a new link.
 */
export async function endContactSessions(db: Db, contactId: number): Promise<void> {
  await db
    .update(portalContacts)
    .set({ linkVersion: sql`${portalContacts.linkVersion} + 1` })
    .where(eq(portalContacts.id, contactId));
  await db.delete(portalSessions).where(eq(portalSessions.contactId, contactId));
}
