import { businessToday, MAINT_MSG } from '@os/shared';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { useDueMaintenance } from '../api/equipment';

/** The dashboard's count of overdue preventive visits, a link to 'Manutenções Previstas' (docs/screens.md#manutencoes). */
export function OverdueMaintenanceCard() {
  const due = useDueMaintenance(businessToday());
  const overdue = due.data?.filter((r) => r.atrasada).length;
  return (
    <Link
      to="/manutencoes"
      className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
    >
      <CalendarClock
        className={overdue ? 'size-6 text-red-700 dark:text-red-300' : 'size-6 text-slate-500 dark:text-slate-400'}
        aria-hidden="true"
      />
      <span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{MAINT_MSG.dashboardCard}</span>
        <span className="mt-0.5 block text-xl font-semibold tabular-nums text-slate-900 dark:text-white">{overdue ?? '—'}</span>
      </span>
    </Link>
  );
}
