import type { LoginInput, SessionUser } from '@os/shared';
import { MSG } from '@os/shared';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { DUMMY_HASH, verifyPassword } from '../../platform/passwords';
import { sessionUserColumns } from '../../platform/session';

/** Lockout (issue 2): this many failures in the window answer 429 until the window passes. */
export const LOCKOUT = { windowMinutes: 15, perUsername: 5, perAddress: 20 } as const;

async function failuresSince(db: Db, column: typeof loginAttempts.username | typeof loginAttempts.ip, value: string) {
  const since = new Date(Date.now() - LOCKOUT.windowMinutes * 60_000);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(column, value), eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
  return row?.n ?? 0;
}

/** Checks the credentials; answers the session user, or throws 401/429 with the spec's message. */
export async function authenticate(db: Db, input: LoginInput, ip: string): Promise<SessionUser> {
  const username = input.username.toLowerCase();
  if (
    (await failuresSince(db, loginAttempts.username, username)) >= LOCKOUT.perUsername ||
    (await failuresSince(db, loginAttempts.ip, ip)) >= LOCKOUT.perAddress
  ) {
    throw new AppError(429, MSG.tooManyAttempts);
  }
  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username}`, eq(users.active, true)))
    .limit(1);
  const ok = await verifyPassword(row?.passwordHash ?? DUMMY_HASH, input.password);
  await db.insert(loginAttempts).values({ username, ip, success: ok && !!row });
  if (!row || !ok) throw new AppError(401, MSG.loginFailed);
  const { passwordHash: _hash, ...user } = row;
  return user;
}
