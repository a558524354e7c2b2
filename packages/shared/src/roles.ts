/** Roles of spec §3 (User) and their labels and colours (spec §6). */
export const ROLES = ['admin', 'user', 'tec'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  user: 'Padrao',
  tec: 'Tecnico',
};

/**
 * Who may call a route (DECISIONS.md §4). Every /api route declares one of these;
 * the server refuses to start when one does not.
 * - public: no session needed
 * - signedIn: any role
 * - staff: admin and user (Padrão)
 * - admin: admin only
 */
export const ACCESS_LEVELS = ['public', 'signedIn', 'staff', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export function roleMayAccess(role: Role, access: Access): boolean {
  switch (access) {
    case 'public':
    case 'signedIn':
      return true;
    case 'staff':
      return role === 'admin' || role === 'user';
    case 'admin':
      return role === 'admin';
  }
}
