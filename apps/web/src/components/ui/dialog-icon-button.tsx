import type { LucideIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { cn } from '../../lib/cn';

/**
 * An icon-only button that opens (`trigger`) or closes (`close`) the Radix dialog around it: the menu
 * button and the drawer's X in the layout, a modal's X. `label` is its accessible name.
 */
export function DialogIconButton({
  action,
  label,
  icon: Icon,
  className,
  iconClassName,
}: {
  action: 'trigger' | 'close';
  label: string;
  icon: LucideIcon;
  className: string;
  iconClassName: string;
}) {
  const Wrap = action === 'trigger' ? Dialog.Trigger : Dialog.Close;
  return (
    <Wrap asChild>
      <button type="button" aria-label={label} className={cn('inline-flex items-center justify-center rounded-md', className)}>
        <Icon className={iconClassName} aria-hidden="true" />
      </button>
    </Wrap>
  );
}
