import { normalizeStatus, type OrderStatus, STATUS_LABELS } from '@os/shared';
import { Badge, type BadgeTone } from './badge';

// docs/rules.md#states / docs/ui.md#consistency: management and report screens vs. the engineer's cards.
const MANAGEMENT: Record<OrderStatus, BadgeTone> = { Aberto: 'yellow', Andamento: 'blue', Concluído: 'green', Fechado: 'red' };
const CARD: Record<OrderStatus, BadgeTone> = { Aberto: 'green', Andamento: 'orange', Concluído: 'blue', Fechado: 'red' };

export interface StatusBadgeProps {
  /** Any spelling the API may send ('Concluido', 'Em andamento', ...). */
  status: string;
  variant?: 'management' | 'card';
  className?: string;
}

export function StatusBadge({ status, variant = 'management', className }: StatusBadgeProps) {
  const known = normalizeStatus(status);
  if (!known) {
    return (
      <Badge tone="gray" className={className}>
        {status || '—'}
      </Badge>
    );
  }
  return (
    <Badge tone={(variant === 'card' ? CARD : MANAGEMENT)[known]} className={className}>
      {STATUS_LABELS[known]}
    </Badge>
  );
}
