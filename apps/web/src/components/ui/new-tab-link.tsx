import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A link that opens a file (a PDF, a photo) in a new tab, its icon before the text; the look is the caller's. */
export function NewTabLink({
  href,
  icon: Icon,
  rel = 'noopener',
  className,
  children,
}: {
  href: string;
  icon: LucideIcon;
  rel?: 'noopener' | 'noreferrer';
  className: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel={rel} className={cn('inline-flex items-center text-sm', className)}>
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </a>
  );
}
