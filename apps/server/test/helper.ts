import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@os/shared';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { type Database, openPostgres } from '../src/db/client';
import { users } from '../src/db/schema';
import { loadConfig } from '../src/platform/config';
import { hashPassword } from '../src/platform/passwords';
import { TEST_ADMIN_PASSWORD } from './constants';
import { databaseUrl } from './postgres-url';

export { TEST_ADMIN_PASSWORD };
export const TEST_PASSWORD = 'senha-teste-123';

/** A fresh copy of the migrated, seeded template database, on the embedded PostgreSQL or TEST_DATABASE_URL's server. */
async function openTestDatabase(): Promise<Database> {
  const base = inject('dbServer');
  // Named after the run's template, so a later run can tell whose it is.
  const name = `${inject('dbTemplate')}_t${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${inject('dbTemplate')}"`);
      break;
    } catch (err) {
      // Two files copying the template at the same moment: wait and try again.
      if (attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const database = await openPostgres(databaseUrl(base, name), { migrate: false });
  return {
    ...database,
    kind: inject('dbKind'),
    close: async () => {
      await database.close();
      // Note: pg's pool.end() resolves before its connections have really closed; dropping "with (force)"
      // at once kills them mid-goodbye and they raise 57P01 as unhandled errors. Wait for them first.
      for (let i = 0; i < 40; i++) {
        const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (!open.rows[0]?.n) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** The app on its own database and data folder; `close()` in afterAll. */
export async function createTestApp(env: Record<string, string> = {}, options: Pick<AppOptions, 'logger'> = {}) {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-data-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, WEB_DIST: '', NOTICE_DELAY_MINUTES: '0', ...env }),
    webDist: env.WEB_DIST || undefined,
  };
  const app = await buildApp({ database, config, logger: options.logger });
  await app.ready();
  let passwordHash: string | undefined;

  const ctx = {
    app,
    db: database.db,
    database,
    config,
    dataDir,
    /** Signs in and answers the Cookie header to send. */
    async login(username: string, password: string = TEST_PASSWORD): Promise<string> {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === 'os_session');
      return `os_session=${cookie?.value}`;
    },
    loginAdmin(): Promise<string> {
      return ctx.login('admin', TEST_ADMIN_PASSWORD);
    },
    /** Creates a user straight in the database (password TEST_PASSWORD). */
    async createUser(role: Role, username = `${role}_${randomBytes(3).toString('hex')}`, nome = `Usuário ${username}`) {
      passwordHash ??= await hashPassword(TEST_PASSWORD);
      const [row] = await database.db
        .insert(users)
        .values({ username, nomeCompleto: nome, email: `${username}@example.com`, passwordHash, role })
        .returning({ id: users.id, username: users.username });
      return row!;
    },
    /** Creates a user of that role and answers its id and Cookie header. */
    async signedIn(role: Role) {
      const user = await ctx.createUser(role);
      return { ...user, cookie: await ctx.login(user.username) };
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}
