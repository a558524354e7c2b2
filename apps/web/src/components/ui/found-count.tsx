import { cn } from '../../lib/cn';

/**
 * 'Clientes encontrados: N' beside a searched list (clients, equipment, materials, a place's balances), read out
 * when it changes; at the right of its row unless `atRight` is false (a row that spreads its items itself).
 */
export function FoundCount({ what, total, atRight = true }: { what: string; total: number | undefined; atRight?: boolean }) {
  return (
    <p className={cn('text-sm text-slate-600', atRight && 'sm:ml-auto', 'dark:text-slate-300')} aria-live="polite">
      {what} encontrados: {total ?? 0}
    </p>
  );
}
