import type { LoginInput, SessionUser } from '@os/shared';
import { MSG } from '@os/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { DUMMY_HASH, verifyPassword } from '../../platform/passwords';
import { sessionUserColumns } from '../../platform/session';
import { requestCheck } from './sign-in-throttle';

/** Too many tries: 429 with the old product's message and how long to wait. */
export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, MSG.tooManyAttempts);
  }
}

/**
 * Checks the credentials; answers the session user, or throws 401, or 429 (ThrottledError) when the
 * throttle (sign-in-throttle.ts) refuses the check.
 */
export async function authenticate(db: Db, input: LoginInput, ip: string): Promise<SessionUser> {
  const username = input.username.toLowerCase();
  const verdict = await requestCheck(db, username, ip);
  if (!verdict.ok) throw new ThrottledError(verdict.retryAfterSeconds);
  if (verdict.waitMs) await new Promise((resolve) => setTimeout(resolve, verdict.waitMs));
  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username}`, eq(users.active, true)))
    .limit(1);
  const ok = (await verifyPassword(row?.passwordHash ?? DUMMY_HASH, input.password)) && !!row;
  await db.insert(loginAttempts).values({ username, ip, success: ok });
  await verdict.release(ok);
  if (!row || !ok) throw new AppError(401, MSG.loginFailed);
  const { passwordHash: _hash, ...user } = row;
  return user;
}
