import { OrderReportPage } from '../../features/orders/components/order-report';

/** /osrelatorio (docs/screens.md#osrelatorio): view the PDF, edit, generate the full PDF, send by e-mail, delete. */
export function OrderReportRoute() {
  return <OrderReportPage show={['viewPdf', 'edit', 'generateFullPdf', 'sendMail', 'sendApproval', 'delete']} />;
}
