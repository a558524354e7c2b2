import { formatDate, formatKm, formatMinutes, hoursToMinutes, type Servico, type ViagemIda, type ViagemVolta } from '@os/shared';
import type { ReactNode } from 'react';
import { PHONE_CARD_CELL, PHONE_CARD_ROW } from '../../../components/ui/table';
import { CellTable } from './editable-row';

/** Decimal hours (1.5) shown as HH:mm (docs/rules.md#api-conventions). */
export const hoursAsClock = (hours: number) => formatMinutes(hoursToMinutes(hours));

export function NoRecords({ columns }: { columns: number }) {
  return (
    <tr className="max-sm:block">
      <td colSpan={columns} className="px-2 py-3 text-center text-slate-500 max-sm:block dark:text-slate-400">
        Nenhum registro.
      </td>
    </tr>
  );
}

function SimpleTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <CellTable caption={caption} headers={headers} readOnly>
      {rows.length === 0 ? (
        <NoRecords columns={headers.length} />
      ) : (
        rows.map((cells, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in server order
          <tr key={r} className={PHONE_CARD_ROW}>
            {cells.map((cell, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: positional cells
              <td key={c} data-label={headers[c]} className={`px-2 py-1.5 tabular-nums ${PHONE_CARD_CELL}`}>
                {cell}
              </td>
            ))}
          </tr>
        ))
      )}
    </CellTable>
  );
}

export function OutboundTable({ trips }: { trips: ViagemIda[] }) {
  return (
    <SimpleTable
      caption="Viagem Ida"
      headers={['Data', 'Saída', 'Chegada', 'Duração', 'Km', 'Obs']}
      rows={trips.map((t) => [formatDate(t.dataida), t.saidaida, t.chegadaida, t.duracaoida, formatKm(t.kmida), t.obsida])}
    />
  );
}

export function ReturnTable({ trips }: { trips: ViagemVolta[] }) {
  return (
    <SimpleTable
      caption="Viagem Volta"
      headers={['Data', 'Saída', 'Chegada', 'Espera', 'Duração', 'Km', 'Obs']}
      rows={trips.map((t) => [
        formatDate(t.datavolta),
        t.saidavolta,
        t.chegadavolta,
        t.tempoEspera,
        t.duracaovolta,
        formatKm(t.kmvolta),
        t.obsvolta,
      ])}
    />
  );
}

/**
 * One titled group of a day's card per record; a kind with no record that day still shows its
 * fields with '—', and several records of a kind on one day are numbered ('Serviço 1', 'Serviço 2').
 */
function groupsOf<T>(title: string, records: T[], fields: (r: T | undefined) => [string, string][]) {
  if (records.length === 0) return [{ title, fields: fields(undefined) }];
  return records.map((r, n) => ({ title: records.length > 1 ? `${title} ${n + 1}` : title, fields: fields(r) }));
}

/** docs/rules.md#entities 'Full timesheet record': one card per day combining every outbound trip, service entry and return trip. */
export function FullTimesheet({ ida, servicos, volta }: { ida: ViagemIda[]; servicos: Servico[]; volta: ViagemVolta[] }) {
  const days = [
    ...new Set([...ida.map((t) => t.dataida), ...servicos.map((s) => s.dataservico), ...volta.map((t) => t.datavolta)]),
  ].sort();
  if (days.length === 0) return null;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {days.map((data) => {
        const groups = [
          ...groupsOf(
            'Viagem Ida',
            ida.filter((t) => t.dataida === data),
            (i) => [
              ['Saída', i?.saidaida ?? '—'],
              ['Chegada', i?.chegadaida ?? '—'],
              ['Duração', i?.duracaoida ?? '—'],
              ['Km', i ? formatKm(i.kmida) : '—'],
            ],
          ),
          ...groupsOf(
            'Serviço',
            servicos.filter((e) => e.dataservico === data),
            (s) => [
              ['Feriado', s ? (s.feriado === 'sim' ? 'Sim' : 'Não') : '—'],
              ['Entrada', s?.entradaservico ?? '—'],
              ['Saída', s?.saidaservico ?? '—'],
              ['Intervalo', s ? hoursAsClock(s.intervalo) : '—'],
              ['Duração', s ? hoursAsClock(s.duracaoservico) : '—'],
            ],
          ),
          ...groupsOf(
            'Viagem Volta',
            volta.filter((t) => t.datavolta === data),
            (v) => [
              ['Saída', v?.saidavolta ?? '—'],
              ['Chegada', v?.chegadavolta ?? '—'],
              ['Tempo de espera', v?.tempoEspera ?? '—'],
              ['Duração', v?.duracaovolta ?? '—'],
              ['Km', v ? formatKm(v.kmvolta) : '—'],
            ],
          ),
        ];
        return (
          <article
            key={data}
            aria-label={`Registro completo ${formatDate(data)}`}
            className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <h4 className="mb-2 text-sm font-semibold">{formatDate(data)}</h4>
            <div className="flex flex-col gap-2">
              {groups.map((group) => (
                <div key={group.title}>
                  <h5 className="mb-0.5 text-xs font-semibold text-slate-600 dark:text-slate-300">{group.title}</h5>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                    {group.fields.map(([label, value]) => (
                      <div key={label} className="flex justify-between gap-2">
                        <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
                        <dd className="font-medium tabular-nums">{value}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
            </div>
          </article>
        );
      })}
    </div>
  );
}
