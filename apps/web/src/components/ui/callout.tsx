import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  success: 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  warning: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
} as const;

/** A tinted box of text: good news in green, something to look at in amber (light and dark). */
export function Callout({
  tone,
  as: Tag = 'div',
  className,
  children,
}: {
  tone: keyof typeof TONES;
  as?: 'div' | 'li';
  className?: string;
  children: ReactNode;
}) {
  return <Tag className={cn('rounded-md px-3 py-2 text-sm', TONES[tone], className)}>{children}</Tag>;
}
