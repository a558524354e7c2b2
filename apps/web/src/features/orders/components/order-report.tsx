import { ORDER_MSG, ORDER_STATUSES, orderReportFormSchema, STATUS_LABELS } from '@os/shared';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Options, RowOptions, Select } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { Pagination, usePage } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast, useErrorToast } from '../../../components/ui/toast';
import { byRazao, technicians, useAllClients, useUsers } from '../../../lib/registers';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { EMPTY_REPORT_FILTERS, fetchOrderReport, type OrderReportFilters, useOrderReport } from '../api/orders';
import { exportOrdersCsv, exportOrdersXlsx } from './export-orders';
import { type OrderAction, OrderTable } from './order-table';
import { useOrderActions } from './use-order-actions';

const REPORT_PAGE_SIZE = 50;

/**
 * The report's filters (docs/screens.md#osrelatorio: Data Inicio, Data Fim, Cliente, Status, Engenheiro)
 * and 'Buscar Dados', shared by the closing screen; a start after the end is refused.
 */
export function OrderReportForm({
  initial,
  onSearch,
  searching,
}: {
  initial: OrderReportFilters;
  onSearch: (filters: OrderReportFilters) => void;
  searching: boolean;
}) {
  const { register, handleSubmit } = useSchemaForm(orderReportFormSchema, initial, { shouldFocusError: false });
  const clients = useAllClients({ select: byRazao });
  const engineers = useUsers({ select: technicians, staleTime: 60_000 });
  useErrorToast(clients.error ?? engineers.error);

  const submit = handleSubmit(onSearch, (errors) => toast.error(firstError(errors) ?? ORDER_MSG.dateRange));

  return (
    <form
      onSubmit={submit}
      className="mb-3 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <Field label="Data Inicio">{(c) => <Input type="date" {...c} {...register('dataInicio')} />}</Field>
      <Field label="Data Fim">{(c) => <Input type="date" {...c} {...register('dataFim')} />}</Field>
      <Field label="Cliente">
        {(c) => (
          <Select {...c} {...register('cliente')}>
            <RowOptions rows={clients.data} label={(client) => client.razao} empty="Todos" />
          </Select>
        )}
      </Field>
      <Field label="Status">
        {(c) => (
          <Select {...c} {...register('status')}>
            <Options values={ORDER_STATUSES} label={(s) => STATUS_LABELS[s]} empty={ORDER_MSG.allStatuses} />
          </Select>
        )}
      </Field>
      <Field label="Engenheiro">
        {(c) => (
          <Select {...c} {...register('engenheiro')}>
            <RowOptions rows={engineers.data} label={(t) => t.nome_completo || t.username} empty="Todos" />
          </Select>
        )}
      </Field>
      <div className="flex items-end">
        <Button type="submit" className="w-full" loading={searching}>
          {ORDER_MSG.searchButton}
        </Button>
      </div>
    </form>
  );
}

/** /osrelatorio (docs/screens.md#osrelatorio, admin): filters, the result paged on the server, CSV/XLSX export. */
export function OrderReportPage({ show }: { show: OrderAction[] }) {
  const actions = useOrderActions();
  const [applied, setApplied] = useState<OrderReportFilters>(EMPTY_REPORT_FILTERS);
  const { setPage, offset, pagination } = usePage(REPORT_PAGE_SIZE);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const report = useOrderReport(applied, { limit: REPORT_PAGE_SIZE, offset });
  useErrorToast(report.error);

  const exportRows = async (kind: 'csv' | 'xlsx') => {
    setExporting(kind);
    try {
      const { items } = await fetchOrderReport(applied);
      if (items.length === 0) {
        toast.error(ORDER_MSG.exportEmpty);
        return;
      }
      if (kind === 'csv') exportOrdersCsv(items);
      else await exportOrdersXlsx(items);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(null);
    }
  };

  const total = report.data?.total ?? 0;
  const exportButton = (kind: 'csv' | 'xlsx', Icon: typeof FileText) => (
    <Button
      variant="secondary"
      icon={<Icon className="size-4" aria-hidden="true" />}
      loading={exporting === kind}
      disabled={exporting !== null}
      onClick={() => void exportRows(kind)}
    >
      Exportar {kind.toUpperCase()}
    </Button>
  );

  return (
    <section>
      <PageTitle
        title={ORDER_MSG.reportTitle}
        count={report.data ? `(${total})` : undefined}
        actions={
          <>
            {exportButton('csv', FileText)}
            {exportButton('xlsx', FileSpreadsheet)}
          </>
        }
      />
      <OrderReportForm
        initial={EMPTY_REPORT_FILTERS}
        searching={report.isFetching && !report.isPending}
        onSearch={(filters) => {
          setApplied(filters);
          setPage(1);
        }}
      />
      {report.isPending ? (
        <LoadingBlock />
      ) : (
        <OrderTable
          layout="report"
          caption={ORDER_MSG.reportTitle}
          rows={report.data?.items ?? []}
          empty={ORDER_MSG.reportEmpty}
          actions={{ handlers: actions, show }}
        />
      )}
      <Pagination className="mt-3" totalItems={total} {...pagination} />
      {actions.modals}
    </section>
  );
}
