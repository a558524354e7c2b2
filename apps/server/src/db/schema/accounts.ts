import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, link, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nomeCompleto: text('nome_completo').notNull().default(''),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user', 'tec'] }).notNull(),
    active: boolean('active').notNull().default(true),
    /** E.164 (+55…) and the consent to WhatsApp messages (docs/rules.md#whatsapp). */
    whatsapp: text('whatsapp'),
    aceitaWhatsapp: boolean('aceita_whatsapp').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    check('users_role_ck', sql`${t.role} in ('admin','user','tec')`),
  ],
);

/** Only the SHA-256 of the cookie token is stored (docs/architecture.md#chosen-parts, Sessions). */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: link('user_id', () => users.id, 'cascade').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Sign-in attempts, for the lockout of repeated failures per username and per address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_username_idx').on(t.username, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

/**
 * Sign-in throttle counters (docs/rules.md#accounts): one row per account-and-address pair, per
 * account and per address. A try takes its place in the counter before the password is checked,
 * in one statement, so parallel tries get no more checks than serial ones.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  /** Account rows over their limit: when the next check of an address not yet known may run. */
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
});

/** One-time account-recovery links (docs/rules.md#fixed-defects); only the hash is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: link('user_id', () => users.id, 'cascade').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);
