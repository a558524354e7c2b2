import { CLOSING_MSG, ORDER_STATUSES } from '@os/shared';
import { FileCheck } from 'lucide-react';
import { Link } from 'react-router';
import { OrderListPage } from '../../features/orders/components/order-list';

/**
 * /pdf (docs/screens.md#pdf): the orders with their PDFs: view, generate (admin), send by e-mail (admin), delete (admin).
 * 'Fechar ordens' opens the closing itself, one step from the menu's 'Fechamento' (docs/rules.md#daily-use).
 */
export function PdfListRoute() {
  return (
    <OrderListPage
      title={CLOSING_MSG.pdfListTitle}
      documentTitle="Fechamento"
      statuses={ORDER_STATUSES}
      show={['viewPdf', 'generatePdf', 'sendMail', 'sendApproval', 'delete']}
      titleActions={() => (
        <Link
          to="/fechamento"
          className="inline-flex h-9 items-center justify-center gap-1.5 rounded-md border border-transparent bg-blue-700 px-3.5 text-sm font-medium whitespace-nowrap text-white hover:bg-blue-800 max-sm:min-h-11 dark:bg-blue-600 dark:hover:bg-blue-500"
        >
          <FileCheck className="size-4" aria-hidden="true" />
          Fechar ordens
        </Link>
      )}
    />
  );
}
