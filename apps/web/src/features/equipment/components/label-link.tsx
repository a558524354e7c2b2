import { Printer } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { labelsUrl, labelUrl } from '../api/equipment';

/** Opens the label PDF of one equipment, or of several on A4 sheets, in a new tab to print (docs/api.md#equipment). */
export function LabelLink({ ids, children, className }: { ids: number[]; children: string; className?: string }) {
  const disabled = ids.length === 0;
  return (
    <a
      href={disabled ? undefined : ids.length === 1 ? labelUrl(ids[0]!) : labelsUrl(ids)}
      target="_blank"
      rel="noopener"
      aria-disabled={disabled || undefined}
      className={cn(
        'inline-flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-md border px-3.5 text-sm font-medium whitespace-nowrap max-sm:min-h-11',
        'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
    >
      <Printer className="size-4" aria-hidden="true" />
      {children}
    </a>
  );
}
