import type { SessionUser } from '@os/shared';
import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { DialogIconButton } from '../components/ui/dialog-icon-button';
import { RoleBadge } from '../components/ui/role-badge';
import { SideNav } from './side-nav';

/** Under 640 px the menu is a drawer behind the 'Menu' button (docs/screens.md#layout-and-menu). */
export function MobileDrawer({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);

  // A link chosen in the drawer (or browser back) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
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
            <SideNav role={user.role} onNavigate={() => setOpen(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
