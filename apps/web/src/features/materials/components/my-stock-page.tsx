import { MAT_MSG } from '@os/shared';
import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { OfflineBar } from '../../../components/offline/offline-bar';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useStockPlaces, useVehicleBalances } from '../api/stock';
import { CountModal } from './count-modal';
import { PlaceBalances } from './place-balances';

/** /meu-estoque 'Meu estoque' (docs/screens.md#meu-estoque): the technician's vehicle's balances and 'Conferir estoque'. */
export function MyStockPage() {
  const places = useStockPlaces();
  const [counting, setCounting] = useState(false);
  const van = places.data?.find((p) => p.tipo === 'veiculo');
  const balances = useVehicleBalances(van?.id);
  const error = places.error ?? balances.error;
  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle
        title={MAT_MSG.myStockTitle}
        actions={
          van && (
            <Button
              className="min-h-11"
              icon={<ClipboardCheck className="size-4" aria-hidden="true" />}
              onClick={() => setCounting(true)}
            >
              {MAT_MSG.countButton}
            </Button>
          )
        }
      />
      <OfflineBar />
      {error ? (
        <ErrorAlert>{error.message}</ErrorAlert>
      ) : places.isPending ? (
        <LoadingBlock />
      ) : !van ? (
        <EmptyState title={MAT_MSG.noVehicle} />
      ) : balances.isPending ? (
        <LoadingBlock />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">{van.nome}</p>
          <PlaceBalances saldos={balances.data ?? []} caption={van.nome} empty={MAT_MSG.myStockEmpty} />
          <CountModal place={van} saldos={balances.data ?? []} open={counting} onClose={() => setCounting(false)} />
        </>
      )}
    </section>
  );
}
