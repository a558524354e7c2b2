import { ROLE_LABELS, type Role } from '@os/shared';
import { Badge, type BadgeTone } from './badge';

// docs/rules.md#roles: admin blue, tec 'Tecnico' yellow, user 'Padrao' green.
const TONES: Record<Role, BadgeTone> = { admin: 'blue', tec: 'yellow', user: 'green' };

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <Badge tone={TONES[role] ?? 'gray'} className={className}>
      {ROLE_LABELS[role] ?? role}
    </Badge>
  );
}
