import { type EquipmentReadings, formatDate, formatRange, formatReading, padNumber } from '@os/shared';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useChartColors } from '../../../lib/chart-colors';
import { useEquipmentReadings } from '../api/checklists';

/** The charts' colours, and the range's shade. */
function useColors() {
  const colors = useChartColors();
  return { ...colors, range: colors.dark ? 'rgba(74,222,128,0.15)' : 'rgba(21,128,61,0.12)' };
}

/** One reading over the visits, its range shaded, the points out of range in red; the values below as a list. */
function ReadingChart({ series }: { series: EquipmentReadings }) {
  const colors = useColors();
  const unit = series.unidade ? ` ${series.unidade}` : '';
  const range = formatRange(series);
  const data = series.pontos.map((p) => ({ ...p, dia: formatDate(p.data) }));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <figcaption className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        {series.itemTexto}
        {unit && ` (${series.unidade})`}
        {range && <span className="font-normal text-slate-600 dark:text-slate-300"> · Faixa: {range}</span>}
      </figcaption>
      <div className="h-56 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
            <XAxis dataKey="dia" tick={{ fill: colors.text, fontSize: 11 }} stroke={colors.grid} minTickGap={16} />
            <YAxis tick={{ fill: colors.text, fontSize: 11 }} stroke={colors.grid} width={44} domain={['auto', 'auto']} />
            {series.minimo !== null && series.maximo !== null && (
              <ReferenceArea
                y1={series.minimo}
                y2={series.maximo}
                fill={colors.range}
                strokeOpacity={0}
                ifOverflow="extendDomain"
              />
            )}
            {series.minimo !== null && (
              <ReferenceLine y={series.minimo} stroke={colors.green} strokeDasharray="4 4" ifOverflow="extendDomain" />
            )}
            {series.maximo !== null && (
              <ReferenceLine y={series.maximo} stroke={colors.green} strokeDasharray="4 4" ifOverflow="extendDomain" />
            )}
            <Tooltip
              contentStyle={colors.tooltip.contentStyle}
              formatter={(value) => [`${formatReading(Number(value))}${unit}`, series.itemTexto]}
            />
            <Line
              type="monotone"
              dataKey="valor"
              stroke={colors.blue}
              strokeWidth={2}
              isAnimationActive={false}
              dot={(props: { cx?: number; cy?: number; payload?: { resultado: string | null; osId: number } }) => (
                <circle
                  key={props.payload?.osId}
                  cx={props.cx}
                  cy={props.cy}
                  r={5}
                  fill={props.payload?.resultado === 'Não conforme' ? colors.red : colors.blue}
                  stroke="none"
                />
              )}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Valores ({series.pontos.length})</summary>
        <ul className="mt-1 flex flex-col gap-0.5">
          {series.pontos.map((p) => (
            <li key={p.osId} className="tabular-nums">
              {formatDate(p.data)} · OS {padNumber(p.numero)} · {formatReading(p.valor)}
              {unit}
              {p.resultado === 'Não conforme' && (
                <span className="font-semibold text-red-700 dark:text-red-300"> · Fora da faixa</span>
              )}
            </li>
          ))}
        </ul>
      </details>
    </figure>
  );
}

/** The equipment page's 'Leituras' (docs/screens.md#equipamentos-id): each reading of its checklists over time. */
export function ReadingsCharts({ equipmentId }: { equipmentId: number }) {
  const readings = useEquipmentReadings(equipmentId);
  if (!readings.data?.length) return null;
  return (
    <section aria-labelledby="leituras-titulo" className="mt-6 flex flex-col gap-3">
      <h2 id="leituras-titulo" className="text-lg font-semibold">
        Leituras
      </h2>
      <div className="grid gap-3 lg:grid-cols-2">
        {readings.data.map((series) => (
          <ReadingChart key={`${series.itemTexto}|${series.unidade}`} series={series} />
        ))}
      </div>
    </section>
  );
}
