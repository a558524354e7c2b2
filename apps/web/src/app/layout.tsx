import { OFFLINE_MSG } from '@os/shared';
import { ClipboardList, LogOut, Menu, Moon, Sun, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useConfirm } from '../components/ui/confirm-dialog';
import { DialogIconButton } from '../components/ui/dialog-icon-button';
import { IconButton } from '../components/ui/icon-button';
import { RoleBadge } from '../components/ui/role-badge';
import { LoadingBlock } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { TooltipProvider } from '../components/ui/tooltip';
import { ApiError } from '../lib/api';
import { useAuth } from '../lib/auth';
import { listOutbox } from '../lib/offline/outbox';
import { syncOutbox } from '../lib/offline/sync';
import { useTheme } from '../lib/theme';
import { SideNav } from './side-nav';

const PRODUCT_TITLE = 'Sistema de Ordens de Serviço';

/** docs/screens.md#layout-and-menu: top bar and side menu; under 640 px the menu is a drawer behind the 'Menu' button. */
export function Layout() {
  const { user, logout } = useAuth();
  const confirm = useConfirm();
  const { theme, toggleTheme } = useTheme();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  // A link chosen in the drawer (or browser back) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setDrawerOpen(false), [pathname]);

  if (!user) return null;

  const signOut = async () => {
    // A shared phone keeps nothing of who leaves (docs/rules.md#accounts): pending entries are sent
    // first; what cannot be sent now is discarded only when the person says so.
    let pending = await listOutbox(user.id);
    if (pending.some((e) => e.status === 'pending') && navigator.onLine) {
      await syncOutbox();
      pending = await listOutbox(user.id);
    }
    if (
      pending.length > 0 &&
      !(await confirm({ message: OFFLINE_MSG.signOutPending, confirmLabel: OFFLINE_MSG.signOutDiscard, danger: true }))
    )
      return;
    setLeaving(true);
    try {
      await logout();
    } catch (error) {
      // The session is forgotten here anyway; tell the user the server may still hold it.
      if (error instanceof ApiError) toast.error(error.message);
    } finally {
      setLeaving(false);
      navigate('/login', { replace: true });
    }
  };

  // Tooltips live only behind sign-in, so their positioning code is not part of the sign-in bundle.
  return (
    <TooltipProvider>
      <div className="min-h-dvh">
        <a
          href="#conteudo"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow dark:focus:bg-slate-900"
        >
          Pular para o conteúdo
        </a>
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:h-12 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogIconButton
              action="trigger"
              label="Menu"
              icon={Menu}
              className="size-11 text-slate-700 hover:bg-slate-100 sm:hidden dark:text-slate-200 dark:hover:bg-slate-800"
              iconClassName="size-5"
            />
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 sm:hidden" />
              <Dialog.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl sm:hidden dark:bg-slate-900 dark:ring-1 dark:ring-slate-800"
              >
                <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-2 pr-2 pl-4 dark:border-slate-800">
                  <div className="min-w-0">
                    <Dialog.Title className="truncate text-sm font-semibold">{user.nome_completo}</Dialog.Title>
                    <RoleBadge role={user.role} className="mt-0.5" />
                  </div>
                  <DialogIconButton
                    action="close"
                    label="Fechar menu"
                    icon={X}
                    className="size-11 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                    iconClassName="size-5"
                  />
                </div>
                <div className="min-h-0 flex-1 overflow-y-auto">
                  <SideNav role={user.role} onNavigate={() => setDrawerOpen(false)} />
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>

          <div className="flex min-w-0 flex-1 items-center gap-2">
            <ClipboardList className="size-5 shrink-0 text-blue-700 max-sm:hidden dark:text-blue-400" aria-hidden="true" />
            <span className="line-clamp-2 text-sm leading-tight font-semibold text-slate-900 sm:truncate sm:text-base dark:text-white">
              {PRODUCT_TITLE}
            </span>
          </div>

          <div className="flex items-center gap-1 sm:gap-2">
            <div className="mr-1 hidden items-center gap-2 sm:flex">
              <span className="max-w-48 truncate text-sm text-slate-700 dark:text-slate-200" title={user.nome_completo}>
                {user.nome_completo}
              </span>
              <RoleBadge role={user.role} />
            </div>
            <IconButton
              label="Alternar tema"
              icon={theme === 'dark' ? <Sun /> : <Moon />}
              onClick={toggleTheme}
              aria-pressed={theme === 'dark'}
            />
            <button
              type="button"
              onClick={signOut}
              disabled={leaving}
              className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm text-slate-700 hover:bg-slate-100 disabled:opacity-60 max-sm:size-11 max-sm:justify-center max-sm:px-0 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <LogOut className="size-4" aria-hidden="true" />
              <span className="max-sm:sr-only">Sair</span>
            </button>
          </div>
        </header>

        <div className="flex">
          <aside className="sticky top-12 hidden h-[calc(100dvh-3rem)] w-60 shrink-0 overflow-y-auto border-r border-slate-200 bg-white sm:block dark:border-slate-800 dark:bg-slate-900">
            <SideNav role={user.role} />
          </aside>
          <main id="conteudo" className="min-w-0 flex-1 p-3 sm:p-6">
            <Suspense fallback={<LoadingBlock />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
