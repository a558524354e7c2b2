import { formatDate, formatKm, formatMinutes, hoursToMinutes, type Servico, type ViagemIda, type ViagemVolta } from '@os/shared';

/** What a saved record of each tab shows. */
export const idaCells = (t: ViagemIda) => [
  formatDate(t.dataida),
  `${t.saidaida.slice(0, 5)}–${t.chegadaida.slice(0, 5)}`,
  t.duracaoida,
  formatKm(t.kmida),
];
export const servicoCells = (s: Servico) => [
  formatDate(s.dataservico),
  `${s.entradaservico.slice(0, 5)}–${s.saidaservico.slice(0, 5)}`,
  `intervalo ${formatMinutes(hoursToMinutes(s.intervalo))}`,
  formatMinutes(hoursToMinutes(s.duracaoservico)),
];
export const voltaCells = (t: ViagemVolta) => [
  formatDate(t.datavolta),
  `${t.saidavolta.slice(0, 5)}–${t.chegadavolta.slice(0, 5)}`,
  `espera ${t.tempoEspera}`,
  t.duracaovolta,
  formatKm(t.kmvolta),
];

/**
 * What this order already has under the tab, so the technician sees the entry land
 * (docs/rules.md#daily-use); corrections are made in 'Visualizar'.
 */
export function SavedList<Row extends { id: number }>({
  title,
  orderId,
  useRows,
  cells,
}: {
  title: string;
  orderId: number;
  /** The query of the tab's records of the order. */
  useRows: (orderId: number) => { data?: Row[] };
  cells: (row: Row) => string[];
}) {
  const rows = useRows(orderId).data;
  if (!rows) return null;
  return (
    <section aria-label={title} className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Nada salvo ainda.</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap gap-x-3 text-sm tabular-nums text-slate-700 dark:text-slate-300">
              {cells(r)
                .filter(Boolean)
                .map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns of one saved entry
                  <span key={i}>{c}</span>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A tab's SavedList, of its title, its query and its cells: drawn under the tab's form for the order. */
export function savedList<Row extends { id: number }>(
  title: string,
  useRows: (orderId: number) => { data?: Row[] },
  cells: (row: Row) => string[],
) {
  return ({ orderId }: { orderId: number }) => <SavedList title={title} orderId={orderId} useRows={useRows} cells={cells} />;
}
