import type { ReactNode } from 'react';

/** One "label: value" line of a card's description list (the portal's cards, the requests); nothing when the value is empty. */
export function DetailLine({ label, value }: { label: string; value: ReactNode }) {
  if (!value) return null;
  return (
    <div className="flex flex-wrap gap-x-1 text-sm">
      <dt className="text-slate-600 dark:text-slate-400">{label}:</dt>
      <dd className="text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}
