import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@os/shared';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

export const SESSION_COOKIE = 'os_session';

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
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  const { lastSeenAt: _seen, ...user } = row;
  return user;
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
