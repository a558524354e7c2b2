import type { SessionUser } from '@os/shared';
import { ClipboardList, LogOut, Moon, Sun } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { IconButton } from '../components/ui/icon-button';
import { RoleBadge } from '../components/ui/role-badge';
import { LoadingBlock } from '../components/ui/spinner';
import { TooltipProvider } from '../components/ui/tooltip';
import { useAuth } from '../lib/auth';
import { useTheme } from '../lib/theme';
import { MobileDrawer } from './mobile-drawer';
import { RouteErrorBoundary } from './route-error-boundary';
import { SideNav } from './side-nav';
import { useSignOut } from './use-sign-out';

const PRODUCT_TITLE = 'Sistema de Ordens de Serviço';

/** The top bar: menu button (phones), title, who is signed in, theme and 'Sair'. */
function TopBar({ user }: { user: SessionUser }) {
  const { theme, toggleTheme } = useTheme();
  const { signOut, leaving } = useSignOut();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:h-12 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
      <MobileDrawer user={user} />

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
  );
}

/** docs/screens.md#layout-and-menu: top bar and side menu; under 640 px the menu is a drawer behind the 'Menu' button. */
export function Layout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!user) return null;

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
        <TopBar user={user} />
        <div className="flex">
          <aside className="sticky top-12 hidden h-[calc(100dvh-3rem)] w-60 shrink-0 overflow-y-auto border-r border-slate-200 bg-white sm:block dark:border-slate-800 dark:bg-slate-900">
            <SideNav role={user.role} />
          </aside>
          <main id="conteudo" className="min-w-0 flex-1 p-3 sm:p-6">
            {/* A screen that fails (its code missing offline, or an error) never blanks the page. */}
            <RouteErrorBoundary resetKey={pathname}>
              <Suspense fallback={<LoadingBlock />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
