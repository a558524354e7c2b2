import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_HOUR_BANDS, PASSWORD_MIN, PASSWORD_WEAK } from '@os/shared';
import { count } from 'drizzle-orm';
import { isWeakPassword } from '../platform/password-strength';
import { hashPassword } from '../platform/passwords';
import type { Db } from './client';
import { systemParameters, users } from './schema';

export interface SeedResult {
  /** Set when this start created the admin with a generated password. */
  generatedAdminPassword?: string;
  createdAdmin: boolean;
}

/** First start on an empty database: the admin user and the default parameters. */
export async function seedDatabase(db: Db, opts: { adminPassword?: string; dataDir?: string }): Promise<SeedResult> {
  const result: SeedResult = { createdAdmin: false };
  const [userCount] = await db.select({ n: count() }).from(users);
  if (!userCount?.n) {
    // The first admin's password follows the rule of every other (docs/rules.md#accounts): the start stops, saying why.
    if (opts.adminPassword !== undefined && isWeakPassword(opts.adminPassword, { username: 'admin', nome: 'Administrador' })) {
      throw new Error(`ADMIN_PASSWORD: ${PASSWORD_WEAK} (mínimo de ${PASSWORD_MIN} caracteres)`);
    }
    const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
    await db.insert(users).values({
      nomeCompleto: 'Administrador',
      username: 'admin',
      email: 'admin@localhost',
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
    result.createdAdmin = true;
    if (!opts.adminPassword) {
      result.generatedAdminPassword = password;
      if (opts.dataDir) {
        fs.mkdirSync(opts.dataDir, { recursive: true });
        fs.writeFileSync(path.join(opts.dataDir, 'initial-admin-password.txt'), `${password}\n`, { mode: 0o600 });
      }
    }
  }
  const [paramCount] = await db.select({ n: count() }).from(systemParameters);
  if (!paramCount?.n) await db.insert(systemParameters).values([...DEFAULT_HOUR_BANDS]);
  return result;
}
