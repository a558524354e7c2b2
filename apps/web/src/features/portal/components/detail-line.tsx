/** One "label: value" line of a portal card's description list; nothing when the value is empty. */
export function Line({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="flex flex-wrap gap-x-1 text-sm">
      <dt className="text-slate-600 dark:text-slate-400">{label}:</dt>
      <dd className="text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}
