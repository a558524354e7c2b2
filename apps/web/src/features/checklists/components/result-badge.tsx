import type { ChecklistResult } from '@os/shared';
import { cn } from '../../../lib/cn';

const TONES: Record<ChecklistResult, string> = {
  Conforme: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  'Não conforme': 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  'N/A': 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/** An answer's result as the server (and the phone, with the same function) decides it. */
export function ResultBadge({ resultado, className }: { resultado: ChecklistResult | null; className?: string }) {
  if (!resultado) return null;
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-sm font-semibold',
        TONES[resultado],
        className,
      )}
    >
      {resultado}
    </span>
  );
}
