import { OrderReportPage } from '../../features/orders/components/order-report';

/** /osrelatorio (docs/screens.md#osrelatorio): edit, generate the full PDF, view it, delete. */
export function OrderReportRoute() {
  return <OrderReportPage show={['edit', 'generateFullPdf', 'viewPdf', 'delete']} />;
}
