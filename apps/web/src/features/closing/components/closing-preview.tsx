import { type ClosingFigures, describeClosingLine, formatCentavos, formatDate, formatPercentual, padNumber } from '@os/shared';
import { ScrollBox } from '../../../components/ui/table';

const CELL = 'px-2 py-1.5';
const NUM = `${CELL} text-right tabular-nums`;

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
            <table className="w-full min-w-[560px] border-collapse">
              <thead className="bg-slate-100 text-xs text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
                <tr>
                  <th className={`${CELL} text-left`}>Item</th>
                  <th className={NUM}>Quantidade</th>
                  <th className={NUM}>Valor unitário</th>
                  <th className={NUM}>Base</th>
                  <th className={NUM}>Percentual</th>
                  <th className={NUM}>Total</th>
                </tr>
              </thead>
              <tbody>
                {o.lines.map((line) => {
                  const d = describeClosingLine(line, formatCentavos);
                  return (
                    <tr key={`${line.kind}-${line.tipo}`} className="border-t border-slate-100 dark:border-slate-800">
                      <td className={CELL}>{d.item}</td>
                      <td className={NUM}>{d.quantidade}</td>
                      <td className={NUM}>{d.valorUnitario}</td>
                      <td className={NUM}>{d.base}</td>
                      <td className={NUM}>{d.percentual}</td>
                      <td className={NUM}>{d.total}</td>
                    </tr>
                  );
                })}
                <tr className="border-t border-slate-300 font-semibold dark:border-slate-600">
                  <td className={CELL} colSpan={5}>
                    Total da OS {padNumber(o.numero)}
                  </td>
                  <td className={NUM}>{formatCentavos(o.totalCentavos)}</td>
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
        <dt className="font-semibold">Total geral</dt>
        <dd className="text-right font-semibold tabular-nums sm:text-left" data-testid="closing-total">
          {formatCentavos(figures.totalCentavos)}
        </dd>
      </dl>
    </div>
  );
}
