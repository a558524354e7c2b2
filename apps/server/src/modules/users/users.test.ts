import { REGISTER_MSG } from '@os/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, ctx, useFileApp, user } from '../../../test/file-app';
import { auditEntries, expectBadPost, expectError, expectRefusedUnchanged, itAnswersGetAs, send } from '../../../test/requests';
import { clients, orders, sessions, users } from '../../db/schema';

useFileApp();

let adminId: number;

beforeAll(async () => {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = row!.id;
});

const newUser = (over: Record<string, unknown> = {}) => ({
  nome_completo: 'Técnico Novo',
  username: 'tecnovo',
  password: 'senha-segura-1',
  email: 'tecnovo@example.com',
  role: 'tec',
  ...over,
});

async function sessionCount(userId: number) {
  const [row] = await ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row!.n;
}

describe('users API', () => {
  let id: number;

  it('creates a user who can sign in; the answer and the audit carry no password', async () => {
    const res = await send(admin, 'POST', '/api/users', newUser());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      nome_completo: 'Técnico Novo',
      username: 'tecnovo',
      email: 'tecnovo@example.com',
      role: 'tec',
    });
    id = res.json().id;
    expect(res.body).not.toContain('senha-segura-1');
    await ctx.login('tecnovo', 'senha-segura-1');
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    const [audit] = await auditEntries('user', id);
    expect(JSON.stringify(audit?.changes)).not.toContain('senha-segura-1');
    expect(JSON.stringify(audit?.changes)).not.toContain('argon2');
  });

  it('lists users with exactly id, nome_completo, username, email, role', async () => {
    const res = await send(user.cookie, 'GET', '/api/users');
    expect(res.statusCode).toBe(200);
    for (const u of res.json()) expect(Object.keys(u).sort()).toEqual(['email', 'id', 'nome_completo', 'role', 'username']);
    expect(res.json()).toContainEqual(expect.objectContaining({ id, username: 'tecnovo' }));
  });

  it.each([
    ['username', { username: '' }, REGISTER_MSG.userRequired],
    ['email', { email: '' }, REGISTER_MSG.userRequired],
    ['password', { password: '' }, REGISTER_MSG.userRequired],
    ['role', { role: '' }, REGISTER_MSG.userRequired],
    ['role', { role: 'chefe' }, 'Tipo: escolha admin, user ou tec.'],
    ['password', { password: 'curta' }, REGISTER_MSG.userPasswordShort],
    ['email', { email: 'sem-arroba' }, REGISTER_MSG.emailInvalid],
  ])('refuses a bad %s with 400 and stores nothing', (field, over, message) =>
    expectBadPost('/api/users', newUser({ username: 'outro', email: 'outro@example.com', ...over }), users, field, message),
  );

  it.each([
    [{ username: 'TECNOVO', email: 'x@example.com' }, REGISTER_MSG.userDuplicateUsername],
    [{ username: 'x', email: 'TecNovo@Example.com' }, REGISTER_MSG.userDuplicateEmail],
  ])('refuses a duplicate (%o) with 409', async (over, message) => {
    expectError(await send(admin, 'POST', '/api/users', newUser(over)), 409, message);
  });

  it('edits without a password keeping the old one; a new password ends the user’s sessions', async () => {
    const cookie = await ctx.login('tecnovo', 'senha-segura-1');
    const keep = await send(admin, 'PUT', `/api/users/${id}`, newUser({ nome_completo: 'Técnico Renomeado', password: '' }));
    expect(keep.statusCode).toBe(200);
    expect(keep.json().nome_completo).toBe('Técnico Renomeado');
    expect(await sessionCount(id)).toBeGreaterThan(0);
    expect((await send(cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);

    const change = await send(admin, 'PUT', `/api/users/${id}`, newUser({ password: 'outra-senha-9' }));
    expect(change.statusCode).toBe(200);
    expect(await sessionCount(id)).toBe(0);
    expect((await send(cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
    await ctx.login('tecnovo', 'outra-senha-9');
  });

  it('disabling a user ends their sessions', async () => {
    const cookie = await ctx.login('tecnovo', 'outra-senha-9');
    const res = await send(admin, 'PUT', `/api/users/${id}`, newUser({ password: undefined, active: false }));
    expect(res.statusCode).toBe(200);
    expect((await send(cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
    await ctx.db.update(users).set({ active: true }).where(eq(users.id, id));
  });

  it('refuses to delete yourself, or to delete or demote the last admin (409)', async () => {
    expectError(await send(admin, 'DELETE', `/api/users/${adminId}`), 409, REGISTER_MSG.userDeleteSelf);
    const demote = await send(admin, 'PUT', `/api/users/${adminId}`, {
      nome_completo: 'Administrador',
      username: 'admin',
      email: 'admin@localhost',
      role: 'user',
    });
    expectError(demote, 409, REGISTER_MSG.userLastAdmin);

    // A second admin may not delete the only other admin once it is the last one either.
    const second = await ctx.createUser('admin', 'chefe2');
    const secondCookie = await ctx.login('chefe2');
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, second.id));
    const last = await send(secondCookie, 'DELETE', `/api/users/${adminId}`);
    expect(last.statusCode).toBe(401); // disabled: the session no longer counts
    await ctx.db.update(users).set({ active: true }).where(eq(users.id, second.id));
    const demoteOk = await send(admin, 'PUT', `/api/users/${second.id}`, {
      nome_completo: 'Chefe',
      username: 'chefe2',
      email: 'chefe2@example.com',
      role: 'user',
    });
    expect(demoteOk.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, adminId));
    expect(row?.role).toBe('admin');
  });

  it('refuses to delete a technician assigned to orders (409), deletes one who is not', async () => {
    const [client] = await ctx.db.insert(clients).values({ codigo: 900, razao: 'Cliente', cnpj: '11222333000181' }).returning();
    await ctx.db.insert(orders).values({ numero: 1, data: '2026-03-01', clientId: client!.id, technicianId: id });
    expectError(await send(admin, 'DELETE', `/api/users/${id}`), 409, REGISTER_MSG.userInUse);
    expect(await ctx.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    await ctx.db.delete(orders).where(eq(orders.technicianId, id));
    expect((await send(admin, 'DELETE', `/api/users/${id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    const trail = await auditEntries('user', id);
    expect(trail.map((a) => a.action)).toContain('delete');
  });
});

describe('users API: role matrix', () => {
  itAnswersGetAs('/api/users', [
    ['none', 401],
    ['tec', 403],
    ['user', 200],
    ['admin', 200],
  ]);

  it.each(['none', 'tec', 'user'] as const)('writes as %s are refused and change nothing', async (who) => {
    const target = await ctx.createUser('tec', `alvo_${who}`);
    await expectRefusedUnchanged(who, users, [
      { method: 'POST', url: '/api/users', payload: newUser({ username: `n_${who}`, email: `n_${who}@example.com` }) },
      {
        method: 'PUT',
        url: `/api/users/${target.id}`,
        payload: newUser({ username: `m_${who}`, email: `m_${who}@example.com`, role: 'admin' }),
      },
      { method: 'DELETE', url: `/api/users/${target.id}` },
    ]);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(after?.role).toBe('tec');
  });
});
