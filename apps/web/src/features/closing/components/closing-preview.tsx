import {
  type ClosingFigures,
  describeClosingLine,
  describeClosingMaterial,
  formatCentavos,
  formatDate,
  formatPercentual,
  padNumber,
} from '@os/shared';
import { PHONE_CARD_CELL, PHONE_CARD_ROW, ScrollBox } from '../../../components/ui/table';

const CELL = `px-2 py-1.5 ${PHONE_CARD_CELL}`;
const NUM = `${CELL} text-right tabular-nums`;
const HEAD = 'px-2 py-1.5';

const COLUMNS = ['Item', 'Quantidade', 'Valor unitário', 'Base', 'Percentual', 'Total'];

/** The closing arithmetic of docs/rules.md#hours-and-closing, line by line, as the closing PDF prints it. */
export function ClosingPreview({ figures }: { figures: ClosingFigures }) {
  return (
    <div className="space-y-5 text-sm">
      <p>
        <span className="font-medium">{figures.cliente.razao}</span> · Percentual do cliente:{' '}
        {formatPercentual(figures.percentualBasis)}
      </p>
      {figures.orders.map((o) => (
        <section key={o.id} aria-label={`OS ${padNumber(o.numero)}`}>
          <h3 className="mb-1 font-semibold">
            OS {padNumber(o.numero)} · {formatDate(o.data)}
            {o.engenheiroNome ? ` · ${o.engenheiroNome}` : ''}
          </h3>
          <ScrollBox label={`OS ${padNumber(o.numero)}`} className="rounded-md border border-slate-200 dark:border-slate-700">
            {/* Under 640 px each line is a card of 'column: value' lines (docs/rules.md#daily-use). */}
            <table className="w-full border-collapse max-sm:block sm:min-w-[560px]">
              <thead className="bg-slate-100 text-xs text-slate-600 uppercase max-sm:sr-only dark:bg-slate-800 dark:text-slate-300">
                <tr>
                  {COLUMNS.map((c, i) => (
                    <th key={c} className={i === 0 ? `${HEAD} text-left` : `${HEAD} text-right`}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {o.lines.map((line) => {
                  const d = describeClosingLine(line, formatCentavos);
                  return (
                    <tr key={`${line.kind}-${line.tipo}`} className={PHONE_CARD_ROW}>
                      {[d.item, d.quantidade, d.valorUnitario, d.base, d.percentual, d.total].map((value, i) => (
                        <td key={COLUMNS[i]} data-label={COLUMNS[i]} className={i === 0 ? CELL : NUM}>
                          {value}
                        </td>
                      ))}
                    </tr>
                  );
                })}
                {/* docs/rules.md#materials-and-stock: quantidade × preço, without the percentual ('–'). */}
                {(o.materiais ?? []).map((m) => (
                  <tr key={`material-${m.codigo}-${m.quantidade}-${m.precoCentavos}`} className={PHONE_CARD_ROW}>
                    {describeClosingMaterial(m).map((value, i) => (
                      <td key={COLUMNS[i]} data-label={COLUMNS[i]} className={i === 0 ? CELL : NUM}>
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr className="border-t border-slate-300 font-semibold max-sm:flex max-sm:justify-between dark:border-slate-600">
                  <td className="px-2 py-1.5 max-sm:block" colSpan={5}>
                    Total da OS {padNumber(o.numero)}
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums max-sm:block">{formatCentavos(o.totalCentavos)}</td>
                </tr>
              </tbody>
            </table>
          </ScrollBox>
        </section>
      ))}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 sm:grid-cols-4 dark:bg-slate-800/60">
        <dt className="text-slate-500 dark:text-slate-400">Horas</dt>
        <dd className="text-right tabular-nums sm:text-left">{formatCentavos(figures.horasCentavos)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Km</dt>
        <dd className="text-right tabular-nums sm:text-left">{formatCentavos(figures.kmCentavos)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Despesas</dt>
        <dd className="text-right tabular-nums sm:text-left">{formatCentavos(figures.despesasCentavos)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Materiais</dt>
        <dd className="text-right tabular-nums sm:text-left">{formatCentavos(figures.materiaisCentavos ?? 0)}</dd>
        <dt className="font-semibold">Total geral</dt>
        <dd className="text-right font-semibold tabular-nums sm:text-left" data-testid="closing-total">
          {formatCentavos(figures.totalCentavos)}
        </dd>
      </dl>
    </div>
  );
}
