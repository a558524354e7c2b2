import { FileSignature } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { useOrderQuote } from '../api/order-quote';

/** The order view's link to the approved quote it was generated from ('Gerar OS', docs/rules.md#quotes). */
export function OrderQuoteLink({ orderId }: { orderId: number }) {
  const { isTec } = useAuth();
  const quote = useOrderQuote(orderId, !isTec).data?.orcamento;
  if (!quote) return null;
  return (
    <p className="mt-4 flex items-center gap-2 text-sm">
      <FileSignature className="size-4" aria-hidden="true" />
      Gerada a partir do orçamento{' '}
      <Link to={`/orcamentos?abrir=${quote.id}`} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
        {quote.codigo}
      </Link>
    </p>
  );
}
