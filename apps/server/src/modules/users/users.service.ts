import { REGISTER_MSG, type SessionUser, type UserCreateInput, type UserSummary, type UserUpdateInput } from '@os/shared';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, users } from '../../db/schema';
import { conflict, firstOrNotFound, refuseDuplicates, refuseTaken } from '../../platform/errors';
import { assertStrongPassword } from '../../platform/password-strength';
import { hashPassword } from '../../platform/passwords';
import { endUserSessions, sessionUserColumns } from '../../platform/session';
import { auditedCreate, auditedDelete, diffFields, recordAudit } from '../audit/audit.service';
import type { AccountChange } from '../auth/account-notice';

type UserRow = UserSummary & { active: boolean };
const rowColumns = { ...sessionUserColumns, active: users.active };

/** docs/rules.md#permissions: id, nome_completo, username, email, role; never a password. */
function toSummary({ active: _active, ...user }: UserRow): UserSummary {
  return user;
}

export async function listUsers(db: Db): Promise<UserSummary[]> {
  const rows = await db.select(rowColumns).from(users).orderBy(asc(users.id));
  return rows.map(toSummary);
}

const findUser = (db: Db, id: number): Promise<UserRow> =>
  firstOrNotFound(db.select(rowColumns).from(users).where(eq(users.id, id)).limit(1));

/** Login and e-mail are unique without regard to case (the database says so too). */
async function assertUnique(db: Db, input: { username: string; email: string }, exceptId?: number) {
  const sameName = sql`lower(${users.username}) = lower(${input.username})`;
  await refuseTaken(db, users, sameName, REGISTER_MSG.userDuplicateUsername, exceptId);
  await refuseTaken(db, users, sql`lower(${users.email}) = lower(${input.email})`, REGISTER_MSG.userDuplicateEmail, exceptId);
}

/** Two saves at once slip past assertUnique; the index's name says which field collided. */
function duplicateMessage(err: unknown) {
  const onEmail = /users_email_lower_uq/.test(`${err} ${(err as { cause?: unknown }).cause ?? ''}`);
  return onEmail ? REGISTER_MSG.userDuplicateEmail : REGISTER_MSG.userDuplicateUsername;
}

/** The number of active admins other than this user. */
async function otherActiveAdmins(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, id)));
  return row?.n ?? 0;
}

/**
 * What a higher module does when a user is saved (docs/architecture.md#between-server-modules): built by app.ts,
 * handed to the users routes; users name it by this type, never by importing that module.
 */
export interface UserListeners {
  /**
   * An active technician saved (created, made a technician, reactivated or edited), inside the write's own
   * transaction: the stock's 'Veículo – {nome}' (modules/materials, docs/rules.md#materials-and-stock).
   */
  onActiveTechnician?: (tx: Db, technician: { id: number; nome: string; username: string }) => Promise<void>;
  /** A new password or login of an active account, after the commit: the owner is told (docs/rules.md#accounts). */
  onAccountChanged?: (change: Omit<AccountChange, 'appUrl'>) => void;
}

/** Tells the listener when the saved row is an active technician. */
async function told(tx: Db, row: UserRow, listeners: UserListeners) {
  if (row.role === 'tec' && row.active)
    await listeners.onActiveTechnician?.(tx, { id: row.id, nome: row.nome_completo, username: row.username });
}

export async function createUser(
  db: Db,
  actor: SessionUser,
  input: UserCreateInput,
  listeners: UserListeners = {},
): Promise<UserSummary> {
  await assertUnique(db, input);
  assertStrongPassword(input.password, { username: input.username, nome: input.nome_completo }, 'password');
  const passwordHash = await hashPassword(input.password);
  const { password: _password, ...fields } = input;
  const row = await refuseDuplicates(
    () =>
      auditedCreate(
        db,
        { entity: 'user', user: actor },
        async (tx) =>
          (
            await tx
              .insert(users)
              .values({
                nomeCompleto: fields.nome_completo,
                username: fields.username,
                email: fields.email,
                role: fields.role,
                active: fields.active ?? true,
                passwordHash,
              })
              .returning(rowColumns)
          )[0]!,
        // The audit never holds a password or its hash, only the fact that one was set.
        (created) => ({ ...toSummary(created), active: created.active, password: 'definida' }),
        (tx, created) => told(tx, created, listeners),
      ),
    duplicateMessage,
  );
  return toSummary(row);
}

/**
 * Edits a user. A new password or disabling the account ends the user's sessions
 * (the actor's own current session survives a change of their own password).
 */
export async function updateUser(
  db: Db,
  actor: SessionUser,
  id: number,
  input: UserUpdateInput,
  actorToken?: string,
  listeners: UserListeners = {},
): Promise<UserSummary> {
  const before = await findUser(db, id);
  await assertUnique(db, input, id);
  const losesAdmin = before.role === 'admin' && before.active && (input.role !== 'admin' || input.active === false);
  if (losesAdmin && (await otherActiveAdmins(db, id)) === 0) throw conflict(REGISTER_MSG.userLastAdmin);
  if (input.password) assertStrongPassword(input.password, { username: input.username, nome: input.nome_completo }, 'password');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const after = await refuseDuplicates(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            nomeCompleto: input.nome_completo,
            username: input.username,
            email: input.email,
            role: input.role,
            active: input.active ?? before.active,
            ...(passwordHash ? { passwordHash } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning(rowColumns);
        const changes: Record<string, unknown> = diffFields(before, row!);
        if (passwordHash) changes.password = { antes: '••••••', depois: 'alterada' };
        if (Object.keys(changes).length > 0)
          await recordAudit(tx as Db, { entity: 'user', entityId: id, action: 'update', user: actor, changes });
        await told(tx as Db, row!, listeners);
        return row!;
      }),
    duplicateMessage,
  );
  if (!after.active) await endUserSessions(db, id);
  else if (passwordHash) await endUserSessions(db, id, id === actor.id ? actorToken : undefined);
  // The account's owner hears of a new password or login, at the address it had (docs/rules.md#accounts).
  const loginChanged = after.username !== before.username;
  if (after.active && (passwordHash || loginChanged)) {
    for (const to of new Set([before.email, after.email])) {
      listeners.onAccountChanged?.({
        to,
        nome: after.nome_completo || after.username,
        login: loginChanged ? after.username : undefined,
        passwordChanged: !!passwordHash,
      });
    }
  }
  return toSummary(after);
}

/** Refused with 409: yourself, the last admin, a technician still assigned to orders. */
export async function deleteUser(db: Db, actor: SessionUser, id: number): Promise<void> {
  const before = await findUser(db, id);
  if (id === actor.id) throw conflict(REGISTER_MSG.userDeleteSelf);
  if (before.role === 'admin' && before.active && (await otherActiveAdmins(db, id)) === 0) {
    throw conflict(REGISTER_MSG.userLastAdmin);
  }
  const [assigned] = await db.select({ id: orders.id }).from(orders).where(eq(orders.technicianId, id)).limit(1);
  if (assigned) throw conflict(REGISTER_MSG.userInUse);
  await auditedDelete(db, { entity: 'user', user: actor, id }, before, (tx) => tx.delete(users).where(eq(users.id, id)));
}
