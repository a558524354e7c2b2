import { type DashboardQuery, dashboardPeriodFormSchema } from '@os/shared';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useDashboard } from '../api/dashboard';
import { DashboardCharts } from './dashboard-charts';
import { RatingsPanel } from './ratings-panel';

/** The period's two date fields. */
const PERIOD_FIELDS = [
  ['dataInicio', 'Data Início'],
  ['dataFim', 'Data Fim'],
] as const;

/**
 * /dashboard (docs/rules.md#beyond-the-old-product): figures of the period, all computed by the server. `cards`:
 * other features' figures of the moment (the overdue preventive maintenance), given by app/routes/dashboard-route.tsx.
 */
export function DashboardPage({ cards }: { cards?: ReactNode }) {
  const { register, handleSubmit } = useSchemaForm(dashboardPeriodFormSchema, { dataInicio: '', dataFim: '' });
  const [period, setPeriod] = useState<DashboardQuery>({});
  const dashboard = useDashboard(period);
  const data = dashboard.data;

  return (
    <section className="mx-auto max-w-7xl">
      <PageTitle title="Dashboard" documentTitle="Dash">
        {data &&
          `Período: ${data.periodo.dataInicio.split('-').reverse().join('/')} a ${data.periodo.dataFim.split('-').reverse().join('/')}`}
      </PageTitle>

      <form className="mb-4 flex flex-wrap items-end gap-3" onSubmit={handleSubmit(setPeriod)}>
        {PERIOD_FIELDS.map(([key, label]) => (
          <Field key={key} label={label} className="w-full sm:w-44">
            {(control) => <Input {...control} type="date" {...register(key)} />}
          </Field>
        ))}
        <Button type="submit" loading={dashboard.isFetching} className="max-sm:w-full">
          Aplicar
        </Button>
      </form>

      {cards && <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">{cards}</div>}

      {dashboard.error && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {dashboard.error.message}
        </p>
      )}
      {!data ? dashboard.isPending ? <LoadingBlock /> : null : <DashboardCharts data={data} />}
      <RatingsPanel period={period} />
    </section>
  );
}
