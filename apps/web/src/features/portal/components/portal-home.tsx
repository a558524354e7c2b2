import { isPortalPath, type PortalMe } from '@os/shared';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { usePortalMe, usePortalSignOut } from '../api/portal';
import { PortalNav } from './portal-nav';
import { PortalOrders, PortalOrderView } from './portal-orders';
import { PortalShell } from './portal-shell';
import { PortalSignIn } from './portal-sign-in';
import { PortalWhatsapp } from './portal-whatsapp';

/** The client's area for a signed-in contact; the sign-in form otherwise (docs/screens.md#portal). */
export function PortalGate({ children }: { children: (me: PortalMe) => ReactNode }) {
  const me = usePortalMe();
  const signOut = usePortalSignOut();
  if (me.isLoading) return <LoadingBlock />;
  if (!me.data) return <PortalSignIn />;
  return (
    <PortalShell
      actions={
        <Button variant="ghost" onClick={() => signOut.mutate()} loading={signOut.isPending}>
          <LogOut className="size-4" aria-hidden="true" />
          Sair
        </Button>
      }
    >
      <PortalNav />
      {children(me.data)}
    </PortalShell>
  );
}

export function PortalHome() {
  useDocumentTitle('Área do Cliente');
  // A QR label's page asked for before sign-in ('Sou cliente'): go there once signed in; only portal paths.
  const destino = useSearchParams()[0].get('destino');
  return (
    <PortalGate>
      {(me) =>
        isPortalPath(destino) && destino !== '/portal' ? (
          <Navigate to={destino} replace />
        ) : (
          <section>
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{me.cliente}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Olá, {me.nome} ({me.email}).
            </p>
            <PortalWhatsapp me={me} />
            <PortalOrders />
          </section>
        )
      }
    </PortalGate>
  );
}

/** /portal/os/:id behind the same gate. */
export function PortalOrderPage() {
  useDocumentTitle('Área do Cliente');
  return <PortalGate>{() => <PortalOrderView />}</PortalGate>;
}
