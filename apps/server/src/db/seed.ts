import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PASSWORD_MIN, PASSWORD_WEAK } from '@os/shared';
import { count } from 'drizzle-orm';
import { isWeakPassword } from '../platform/password-strength';
import { hashPassword } from '../platform/passwords';
import type { Db } from './client';
import { systemParameters, users } from './schema';

/** Hour bands of docs/rules.md#hours-and-closing, with starting values an admin will adjust. */
export const DEFAULT_PARAMETERS = [
  { tipo: 'Hora Normal', inicio: '08:00', fim: '18:00', valorCentavos: 12000 },
  { tipo: 'Hora Extra', inicio: '18:00', fim: '22:00', valorCentavos: 18000 },
  { tipo: 'Hora Noturna', inicio: '22:00', fim: '08:00', valorCentavos: 20000 },
  { tipo: 'Hora Feriado', inicio: '00:00', fim: '24:00', valorCentavos: 24000 },
  { tipo: 'Hora Viagem', inicio: '00:00', fim: '24:00', valorCentavos: 8000 },
  { tipo: 'Km Rodado', inicio: '00:00', fim: '00:00', valorCentavos: 150 },
] as const;

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
  if (!paramCount?.n) await db.insert(systemParameters).values([...DEFAULT_PARAMETERS]);
  return result;
}
