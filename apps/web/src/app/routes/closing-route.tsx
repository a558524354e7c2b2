import { CLOSING_MSG } from '@os/shared';
import { useState } from 'react';
import { PageTitle } from '../../components/ui/page-title';
import { LoadingBlock } from '../../components/ui/spinner';
import { ClosingBar, useClosingSelection } from '../../features/closing/components/closing-selection';
import { ClosingsList } from '../../features/closing/components/closings-list';
import { EMPTY_REPORT_FILTERS, type OrderReportFilters, useOrderReport } from '../../features/orders/api/orders';
import { OrderReportForm } from '../../features/orders/components/order-report';
import { OrderTable } from '../../features/orders/components/order-table';
import { useOrderActions } from '../../features/orders/components/use-order-actions';
import { ChargeModal } from '../../features/pix/components/charge-modal';

const CLOSING_FILTERS: OrderReportFilters = { ...EMPTY_REPORT_FILTERS, status: 'Concluído' };
/** Every matching order on one page: the selection may span them all. */
const ALL_ROWS = { limit: 1000, offset: 0 };

/**
 * /fechamento (docs/screens.md#fechamento): the report's filters and table (orders feature) with the
 * closing's selection, preview and past closings (closing feature), and each closing's PIX charge (pix feature).
 */
export function ClosingRoute() {
  const actions = useOrderActions();
  const selection = useClosingSelection();
  const [filters, setFilters] = useState<OrderReportFilters | null>(null);
  const report = useOrderReport(filters, ALL_ROWS);
  const [charge, setCharge] = useState<number | null>(null);

  return (
    <div>
      <PageTitle title={CLOSING_MSG.closingScreenTitle} count={report.data ? `(${report.data.total})` : undefined} />
      <OrderReportForm
        initial={CLOSING_FILTERS}
        searching={report.isFetching}
        onSearch={(next) => {
          selection.clear();
          setFilters(next);
        }}
      />
      {filters && (
        <>
          {report.isError ? (
            <p role="alert" className="py-6 text-center text-sm text-red-700 dark:text-red-400">
              {report.error.message}
            </p>
          ) : report.isPending ? (
            <LoadingBlock />
          ) : (
            <OrderTable
              layout="report"
              caption="Ordens de serviço"
              rows={report.data.items}
              empty={CLOSING_MSG.reportEmpty}
              leading={selection.column}
              actions={{ handlers: actions, show: ['viewPdf', 'edit', 'downloadPdf', 'generatePdf', 'sendMail', 'delete'] }}
            />
          )}
          <ClosingBar selection={selection} />
        </>
      )}
      <ClosingsList onCharge={setCharge} />
      {charge !== null && <ChargeModal numero={charge} onClose={() => setCharge(null)} />}
      {actions.modals}
    </div>
  );
}
