/** 'Materiais encontrados: N' beside a searched list of materials (/materiais, the balances of /estoque). */
export function MaterialsFound({ total }: { total: number | undefined }) {
  return (
    <p className="text-sm text-slate-600 sm:ml-auto dark:text-slate-300" aria-live="polite">
      Materiais encontrados: {total ?? 0}
    </p>
  );
}
