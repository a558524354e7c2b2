import { formatQuantity } from '@os/shared';
import { FileSignature } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { useOrderQuote } from '../api/order-quote';

/**
 * The order view's link to the approved quote it was generated from ('Gerar OS', docs/rules.md#quotes), and the
 * quote's material items as the order's planned materials (shown, not consumed).
 */
export function OrderQuoteLink({ orderId }: { orderId: number }) {
  const { isTec } = useAuth();
  const quote = useOrderQuote(orderId, !isTec).data?.orcamento;
  if (!quote) return null;
  return (
    <div className="mt-4 text-sm">
      <p className="flex items-center gap-2">
        <FileSignature className="size-4" aria-hidden="true" />
        Gerada a partir do orçamento{' '}
        <Link to={`/orcamentos?abrir=${quote.id}`} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          {quote.codigo}
        </Link>
      </p>
      {quote.materiais.length > 0 && (
        <section aria-label="Materiais previstos" className="mt-2">
          <h3 className="font-medium">Materiais previstos (ainda não lançados)</h3>
          <ul className="mt-1 list-disc pl-5">
            {quote.materiais.map((m) => (
              <li key={`${m.materialId}-${m.descricao}`}>
                {m.codigo} · {m.descricao} · {formatQuantity(m.quantidade)} {m.unidade}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
