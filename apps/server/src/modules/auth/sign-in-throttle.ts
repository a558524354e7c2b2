import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, loginThrottle } from '../../db/schema';
import { type Counter, take } from '../../platform/rate-limit';

/**
 * Sign-in throttling that nobody can turn against someone else (docs/rules.md#accounts):
 * - per account and address together: 5 tries in 15 minutes, then that address waits for that account;
 * - per address across accounts: 20 in 15 minutes (one address guessing many accounts);
 * - per account across all addresses: over 50 failures in an hour, checks from addresses that never
 *   signed in to the account are spaced (one every 2 s, waiting at most 10 s for a turn): it slows a
 *   spread-out guesser and never refuses the owner at an address they signed in from before.
 * Each try takes its place in the counters before the password is checked, in one statement per
 * counter (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), so tries fired at once get no more checks
 * than tries fired one after another. A success gives its places back.
 */
export const THROTTLE = {
  windowMinutes: 15,
  perAccountAndAddress: 5,
  perAddress: 20,
  accountWindowMinutes: 60,
  perAccount: 50,
  /** Over the account limit: the spacing between checks from unknown addresses, and the longest wait. */
  spacingMs: 2_000,
  maxWaitMs: 10_000,
  /** An address that signed in to the account within this many days is the owner's. */
  knownAddressDays: 90,
};

export type ThrottleVerdict =
  | { ok: true; waitMs: number; release(success: boolean): Promise<void> }
  | { ok: false; retryAfterSeconds: number };

export type { Counter };
export { take };

async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ count: sql`greatest(${loginThrottle.count} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

/**
 * Over the account limit: reserves the next check time for the account (one statement, so two
 * waiting tries never share a turn); null when the queue is already longer than the longest wait.
 */
async function reserveTurn(db: Db, key: string, now: Date): Promise<Date | null> {
  const turn = sql`greatest(coalesce(${loginThrottle.nextCheckAt}, ${now}), ${now})`;
  const [row] = await db
    .update(loginThrottle)
    .set({ nextCheckAt: sql`${turn} + ${`${THROTTLE.spacingMs} milliseconds`}::interval` })
    .where(and(eq(loginThrottle.key, key), sql`${turn} <= ${new Date(now.getTime() + THROTTLE.maxWaitMs)}`))
    .returning({ next: loginThrottle.nextCheckAt });
  return row?.next ? new Date(row.next.getTime() - THROTTLE.spacingMs) : null;
}

async function isKnownAddress(db: Db, username: string, ip: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.success, true),
        gt(loginAttempts.at, new Date(now.getTime() - THROTTLE.knownAddressDays * 86_400_000)),
      ),
    )
    .limit(1);
  return !!row;
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/**
 * Asks for a password check of `username` from `ip`. On `ok`, wait `waitMs`, check the password,
 * then call `release(success)`: a success gives the places back (and clears the pair's failures),
 * a failure keeps them.
 */
export async function requestCheck(db: Db, username: string, ip: string, now = new Date()): Promise<ThrottleVerdict> {
  const pair: Counter = {
    key: `pair:${username}\n${ip}`,
    windowMs: THROTTLE.windowMinutes * 60_000,
    limit: THROTTLE.perAccountAndAddress,
  };
  const address: Counter = { key: `ip:${ip}`, windowMs: THROTTLE.windowMinutes * 60_000, limit: THROTTLE.perAddress };
  const account: Counter = {
    key: `account:${username}`,
    windowMs: THROTTLE.accountWindowMinutes * 60_000,
    limit: THROTTLE.perAccount,
  };
  const taken: string[] = [];
  const refuse = async (retryAt: number): Promise<ThrottleVerdict> => {
    for (const key of taken) await giveBack(db, key);
    return { ok: false, retryAfterSeconds: secondsUntil(retryAt, now) };
  };
  for (const counter of [pair, address]) {
    const { count, windowStart } = await take(db, counter, now);
    taken.push(counter.key);
    if (count > counter.limit) return refuse(windowStart.getTime() + counter.windowMs);
  }
  let waitMs = 0;
  const { count } = await take(db, account, now);
  taken.push(account.key);
  if (count > account.limit && !(await isKnownAddress(db, username, ip, now))) {
    const turn = await reserveTurn(db, account.key, now);
    if (!turn) return refuse(now.getTime() + THROTTLE.maxWaitMs);
    waitMs = Math.max(0, turn.getTime() - now.getTime());
  }
  return {
    ok: true,
    waitMs,
    async release(success: boolean) {
      if (!success) return;
      await db.delete(loginThrottle).where(eq(loginThrottle.key, pair.key));
      await giveBack(db, address.key);
      await giveBack(db, account.key);
    },
  };
}
