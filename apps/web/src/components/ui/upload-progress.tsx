import { Spinner } from './spinner';

/**
 * What a photo upload shows while it goes (docs/rules.md#daily-use): 'Reduzindo foto…' while the
 * phone makes it light, then 'Enviando foto… 45%' with a bar. `percent` null = reducing.
 */
export function UploadProgress({ percent, label = 'Enviando foto…' }: { percent: number | null; label?: string }) {
  return (
    <div role="status" className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
      <span className="inline-flex items-center gap-2">
        <Spinner />
        {percent === null ? 'Reduzindo foto…' : `${label} ${percent}%`}
      </span>
      {percent !== null && (
        <progress className="h-2 w-full accent-blue-600" max={100} value={percent} aria-label={label}>
          {percent}%
        </progress>
      )}
    </div>
  );
}
