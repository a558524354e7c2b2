import { z } from './zod';
import type { Role } from './roles';

export const loginSchema = z.object({
  username: z.string().trim().min(1).max(128),
  password: z.string().min(1).max(128),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The session user of spec §3: what login and /api/auth/me answer. Never a password. */
export interface SessionUser {
  id: number;
  nome_completo: string;
  username: string;
  email: string;
  role: Role;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
