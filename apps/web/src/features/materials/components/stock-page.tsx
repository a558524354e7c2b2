import { MAT_MSG } from '@os/shared';
import { ArrowLeftRight, MapPinPlus, PackagePlus, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { RowOptions, Select } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useErrorToast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth';
import { useMaterialCatalogue } from '../api/materials';
import { useStockPlaces } from '../api/stock';
import { type MovementKind, MovementModal } from './movement-modal';
import { MovementsPanel } from './movements-panel';
import { PagedPlaceBalances } from './place-balances';
import { PlaceFormModal } from './place-form-modal';

/**
 * /estoque 'Estoque' (docs/screens.md#estoque, admin and user): the balances of a place, the places with a
 * negative balance called out in red, the ledger with its filters, and 'Entrada', 'Transferir', 'Ajuste'.
 */
export function StockPage() {
  const places = useStockPlaces();
  const catalogue = useMaterialCatalogue();
  const [chosen, setChosen] = useState(0);
  const [moving, setMoving] = useState<MovementKind | null>(null);
  const [addingPlace, setAddingPlace] = useState(false);
  const { isAdmin } = useAuth();
  useErrorToast(places.error);
  const all = places.data ?? [];
  const place = all.find((p) => p.id === chosen) ?? all[0];
  const negative = all.filter((p) => p.negativos > 0);

  return (
    <section>
      <PageTitle
        title={MAT_MSG.stockTitle}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button icon={<PackagePlus className="size-4" aria-hidden="true" />} onClick={() => setMoving('entrada')}>
              Entrada
            </Button>
            <Button icon={<ArrowLeftRight className="size-4" aria-hidden="true" />} onClick={() => setMoving('transferencia')}>
              Transferir
            </Button>
            <Button
              variant="secondary"
              icon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
              onClick={() => setMoving('ajuste')}
            >
              Ajuste
            </Button>
            {/* docs/rules.md#materials-and-stock: only admins add places. */}
            {isAdmin && (
              <Button
                variant="secondary"
                icon={<MapPinPlus className="size-4" aria-hidden="true" />}
                onClick={() => setAddingPlace(true)}
              >
                {MAT_MSG.newPlaceButton}
              </Button>
            )}
          </div>
        }
      />
      {negative.length > 0 && (
        <div
          role="status"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="font-semibold">{MAT_MSG.negative}</p>
          <ul className="mt-1 list-disc pl-5">
            {negative.map((p) => (
              <li key={p.id}>
                <button type="button" className="underline underline-offset-2" onClick={() => setChosen(p.id)}>
                  {p.nome}
                </button>
                : {p.negativos} {p.negativos === 1 ? 'material' : 'materiais'}
              </li>
            ))}
          </ul>
        </div>
      )}
      {places.isPending ? (
        <LoadingBlock />
      ) : (
        place && (
          <>
            <Field label="Local" className="mb-3 max-w-md">
              {(control) => (
                <Select {...control} value={place.id} onChange={(e) => setChosen(Number(e.target.value))}>
                  <RowOptions rows={all} label={(p) => (p.negativos ? `${p.nome} (${MAT_MSG.negative})` : p.nome)} />
                </Select>
              )}
            </Field>
            <PagedPlaceBalances key={place.id} place={place} />
          </>
        )
      )}
      <MovementsPanel places={all} materials={catalogue.data ?? []} />
      <MovementModal tipo={moving} places={all} placeId={place?.id ?? 0} onClose={() => setMoving(null)} />
      {isAdmin && <PlaceFormModal open={addingPlace} onClose={() => setAddingPlace(false)} onCreated={(p) => setChosen(p.id)} />}
    </section>
  );
}
