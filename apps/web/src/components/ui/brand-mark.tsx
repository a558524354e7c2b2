import { ClipboardList } from 'lucide-react';
import { cn } from '../../lib/cn';

const SIZES = {
  md: { box: 'size-8 rounded-md', icon: 'size-5' },
  lg: { box: 'size-11 rounded-lg', icon: 'size-6' },
} as const;

/** The product's mark, a clipboard on blue: big above the sign-in card, smaller in the portal's header. */
export function BrandMark({ size }: { size: keyof typeof SIZES }) {
  return (
    <span className={cn('inline-flex items-center justify-center bg-blue-700 text-white dark:bg-blue-600', SIZES[size].box)}>
      <ClipboardList className={SIZES[size].icon} aria-hidden="true" />
    </span>
  );
}
