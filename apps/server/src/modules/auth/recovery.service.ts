import { randomBytes } from 'node:crypto';
import {
  MAIL_ACTION,
  MAIL_MSG,
  normalizeFullName,
  RECOVERY_LINK_MINUTES,
  type RecoveryAnswer,
  type RecoveryRequest,
  type UpdateLoginInput,
} from '@os/shared';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { assertStrongPassword } from '../../platform/password-strength';
import { hashPassword } from '../../platform/passwords';
import { endUserSessions, hashToken } from '../../platform/session';
import { sendAccountChanged } from './account-notice';

/** A user gets at most this many links per validity window; more requests answer the same, silently. */
export const LINKS_PER_WINDOW = 3;

export interface RecoveryDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log?: { error(obj: object, msg: string): void };
}

/**
 * Step 1 of /esqueci (docs/rules.md#fixed-defects). On a match of full name AND e-mail, a one-time link
 * (256 random bits, only its hash stored) valid for 30 minutes is e-mailed. The answer says only
 * what the old product's screen shows; it is given before the e-mail goes out, so its timing tells nothing.
 */
export async function requestRecovery(deps: RecoveryDeps, input: RecoveryRequest): Promise<RecoveryAnswer> {
  const candidates = await deps.db
    .select({ id: users.id, nomeCompleto: users.nomeCompleto, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, eq(users.active, true)))
    .limit(1);
  const user = candidates.find(
    (u) => u.nomeCompleto && normalizeFullName(u.nomeCompleto) === normalizeFullName(input.nomeCompleto),
  );
  if (!user) return { encontrado: false, message: MAIL_MSG.notAUser };

  const since = new Date(Date.now() - RECOVERY_LINK_MINUTES * 60_000);
  const [recent] = await deps.db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, since)));
  if ((recent?.n ?? 0) < LINKS_PER_WINDOW) {
    const token = randomBytes(32).toString('base64url');
    await deps.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RECOVERY_LINK_MINUTES * 60_000),
    });
    const link = `${deps.appUrl.replace(/\/+$/, '')}/esqueci?token=${token}`;
    // Not awaited: the answer must not wait for (or reveal) the SMTP round trip.
    void deps.mailer
      .send({
        to: user.email,
        subject: MAIL_MSG.recoverySubject,
        text: `Olá, ${user.nomeCompleto}.\n\nRecebemos um pedido para cadastrar um novo login e senha de acesso.\nUse o botão abaixo em até ${RECOVERY_LINK_MINUTES} minutos (o link só pode ser usado uma vez).\n\nSe você não fez este pedido, ignore esta mensagem: nada foi alterado.`,
        action: { label: MAIL_ACTION.recovery, url: link },
      })
      .then((result) => {
        if (!result.ok) deps.log?.error({ userId: user.id, reason: result.error }, 'recovery e-mail not delivered');
      });
  }
  return { encontrado: true, message: MAIL_MSG.checkMailbox };
}

/**
 * Step 2: PUT /api/atualizarlogin. The token is consumed atomically (one use), the username and
 * argon2id password are set, every other link of the user dies and every session ends.
 */
export async function updateLogin(deps: RecoveryDeps, input: UpdateLoginInput): Promise<{ message: string }> {
  const { db } = deps;
  const tokenHash = hashToken(input.token);
  const now = new Date();
  const [pending] = await db
    .select({
      userId: passwordResetTokens.userId,
      nomeCompleto: users.nomeCompleto,
      email: users.email,
      username: users.username,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!pending) throw badRequest(MAIL_MSG.invalidLink, 'token');
  if (input.nomeCompleto && normalizeFullName(input.nomeCompleto) !== normalizeFullName(pending.nomeCompleto)) {
    throw badRequest(MAIL_MSG.invalidLink, 'nomeCompleto');
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${input.login.toLowerCase()}`, ne(users.id, pending.userId)))
    .limit(1);
  if (taken) throw conflict(MAIL_MSG.loginTaken);

  assertStrongPassword(input.pass, { username: input.login, nome: pending.nomeCompleto }, 'pass');
  const passwordHash = await hashPassword(input.pass);
  await db.transaction(async (tx) => {
    // Consume first: of two requests racing with the same link only one finds it unused.
    const consumed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (!consumed.length) throw badRequest(MAIL_MSG.invalidLink, 'token');
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, pending.userId), isNull(passwordResetTokens.usedAt)));
    try {
      await tx.update(users).set({ username: input.login, passwordHash, updatedAt: now }).where(eq(users.id, pending.userId));
    } catch {
      throw conflict(MAIL_MSG.loginTaken);
    }
    await endUserSessions(tx as unknown as Db, pending.userId);
  });
  // Not awaited, like the link itself: the account's owner learns of the change (docs/rules.md#accounts).
  void sendAccountChanged(
    deps.mailer,
    {
      to: pending.email,
      nome: pending.nomeCompleto,
      login: input.login.toLowerCase() === pending.username.toLowerCase() ? undefined : input.login,
      passwordChanged: true,
      appUrl: deps.appUrl,
    },
    deps.log,
  );
  return { message: MAIL_MSG.loginUpdated };
}
