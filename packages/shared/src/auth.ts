import type { Role } from './roles';

// The sign-in schema is in auth-schema.ts: this module carries no Zod, so the sign-in page, which
// needs PASSWORD_MAX and SessionUser, loads none (docs/rules.md#performance-budgets).

/** The session user of docs/rules.md#entities: what login and /api/auth/me answer. Never a password. */
export interface SessionUser {
  id: number;
  nome_completo: string;
  username: string;
  email: string;
  role: Role;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** docs/rules.md#accounts: the one message for a weak password, on every screen that sets one. */
export const PASSWORD_WEAK = 'Senha fraca: evite senhas comuns ou parecidas com o seu login.';

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * The checks the browser can make too: a password equal to the login or to the person's name (or one
 * of its words), ignoring case, accents, spaces and punctuation. The server adds the common-password
 * estimator on top.
 */
export function passwordLooksLikeLogin(password: string, who: { username?: string; nome?: string }): boolean {
  const p = plain(password);
  if (!p) return false;
  const names = [who.username ?? '', who.nome ?? '', ...(who.nome ?? '').split(/\s+/)].map(plain).filter((n) => n.length >= 3);
  return names.some((n) => p === n || p === n.split('').reverse().join(''));
}
