import { padNumber } from '@os/shared';
import { clientPhotoUrl, useOrderClientPhotos } from '../api/order-client-photos';

/**
 * 'Fotos do cliente' in the order view (docs/rules.md#portal): the photos the client sent with the request
 * the order was made from, each opening full size; nothing when there are none.
 */
export function OrderClientPhotos({ orderId }: { orderId: number }) {
  const photos = useOrderClientPhotos(orderId).data ?? [];
  if (!photos.length) return null;
  return (
    <section aria-labelledby="order-client-photos-title" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 id="order-client-photos-title" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        Fotos do cliente
      </h3>
      <ul className="flex flex-wrap gap-2">
        {photos.map((p, i) => (
          <li key={p.id}>
            <a
              href={clientPhotoUrl(orderId, p.id)}
              target="_blank"
              rel="noopener"
              className="block focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <img
                src={clientPhotoUrl(orderId, p.id)}
                alt={`Foto ${i + 1} do cliente (solicitação ${padNumber(p.solicitacaoId)})`}
                loading="lazy"
                className="size-24 rounded border border-slate-200 object-cover dark:border-slate-700"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
