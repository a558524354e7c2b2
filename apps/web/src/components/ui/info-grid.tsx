import type { ReactNode } from 'react';

/** Labelled values in a grid of two columns (three from `sm`), a dash for an empty one: an order's or an equipment's data. */
export function InfoGrid({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="break-words font-medium">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
