import { QrCode } from 'lucide-react';
import { formatCentavos } from '../../../lib/format';
import { useChargeTotals } from '../api/pix';

/** The dashboard's PIX charges: how many are open and how many overdue, with their amounts (docs/rules.md#pix). */
export function OpenChargesCard() {
  const totals = useChargeTotals().data;
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 dark:border-slate-700 dark:bg-slate-900">
      <QrCode
        className={totals?.vencidas ? 'size-6 text-red-700 dark:text-red-300' : 'size-6 text-slate-500 dark:text-slate-400'}
        aria-hidden="true"
      />
      <span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">Cobranças PIX em aberto / vencidas</span>
        <span className="mt-0.5 block text-xl font-semibold tabular-nums text-slate-900 dark:text-white">
          {totals ? `${totals.abertas} / ${totals.vencidas}` : '—'}
        </span>
        {totals && (
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            {formatCentavos(Math.round(totals.valorAberto * 100))} em aberto ·{' '}
            {formatCentavos(Math.round(totals.valorVencido * 100))} vencido
          </span>
        )}
      </span>
    </div>
  );
}
