/** Roles of docs/rules.md#entities (User) and their labels and colours (docs/rules.md#roles). */
export const ROLES = ['admin', 'user', 'tec'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  user: 'Padrao',
  tec: 'Tecnico',
};

/**
 * Who may call a route (docs/rules.md#permissions). Every /api route declares one of these;
 * the server refuses to start when one does not.
 * - public: no session needed
 * - signedIn: any role
 * - staff: admin and user (Padrão)
 * - admin: admin only
 * - portal: a customer portal session only (docs/rules.md#portal); every staff session answers 401
 */
export const ACCESS_LEVELS = ['public', 'signedIn', 'staff', 'admin', 'portal'] as const;
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
    case 'portal':
      return false;
  }
}
