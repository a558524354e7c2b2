import type { Role } from '@os/shared';
import { ChevronRight } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useNewRequestsCount } from '../features/requests/api/requests';
import { cn } from '../lib/cn';
import { type MenuGroup, type MenuLink, menuFor } from './menu';

const ITEM = 'relative flex w-full items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm transition-colors max-sm:min-h-11';
const IDLE =
  'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
// The active screen: tinted background plus a bar on the left, so it does not rely on colour alone.
const ACTIVE =
  'bg-blue-50 font-medium text-blue-800 dark:bg-blue-950 dark:text-blue-100 ' +
  'before:absolute before:inset-y-1 before:left-0 before:w-0.5 before:rounded-full before:bg-blue-700 dark:before:bg-blue-400';

function NavItem({ link, nested, onNavigate }: { link: MenuLink; nested?: boolean; onNavigate?: () => void }) {
  const Icon = link.icon;
  return (
    <li>
      <NavLink
        to={link.to}
        end
        onClick={onNavigate}
        className={({ isActive }) => cn(ITEM, nested && 'pl-8', isActive ? ACTIVE : IDLE)}
      >
        <Icon className="size-4 shrink-0 opacity-80" aria-hidden="true" />
        {/* Labels wrap, never cut ('Manutenções Previstas', docs/rules.md#daily-use). */}
        <span className="min-w-0 break-words">{link.label}</span>
        {link.to === '/solicitacoes' && <NewRequestsCount />}
      </NavLink>
    </li>
  );
}

function NavGroup({ group, onNavigate }: { group: MenuGroup; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const containsActive = group.links.some((link) => link.to.toLowerCase() === pathname.toLowerCase());
  // The utility group starts closed unless one of its screens is open; the everyday groups start open.
  const [open, setOpen] = useState(containsActive || group.label !== 'Utilitários');
  const Icon = group.icon;
  return (
    <li>
      <Collapsible.Root open={open} onOpenChange={setOpen}>
        <Collapsible.Trigger className={cn(ITEM, IDLE, 'group font-medium')}>
          <Icon className="size-4 shrink-0 opacity-80" aria-hidden="true" />
          <span className="min-w-0 flex-1 break-words text-left">{group.label}</span>
          <ChevronRight
            className="size-4 shrink-0 opacity-60 transition-transform group-data-[state=open]:rotate-90"
            aria-hidden="true"
          />
        </Collapsible.Trigger>
        <Collapsible.Content>
          <ul className="mt-0.5 flex flex-col gap-0.5">
            {group.links.map((link) => (
              <NavItem key={link.to} link={link} nested onNavigate={onNavigate} />
            ))}
          </ul>
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}

/** The count of requests waiting for the office, next to 'Solicitações' (none shown when there are none). */
function NewRequestsCount() {
  const { data } = useNewRequestsCount(true);
  if (!data) return null;
  return (
    <span
      role="status"
      aria-label={`${data} ${data === 1 ? 'solicitação nova' : 'solicitações novas'}`}
      className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-blue-700 px-1.5 text-xs font-semibold text-white dark:bg-blue-500"
    >
      {data}
    </span>
  );
}

/** The side menu, shared by the desktop column and the phone drawer. */
export function SideNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const entries = menuFor(role);
  return (
    <nav aria-label="Menu principal" className="p-2">
      <ul className="flex flex-col gap-0.5">
        {entries.map((entry) =>
          entry.kind === 'group' ? (
            <NavGroup key={entry.label} group={entry} onNavigate={onNavigate} />
          ) : (
            <NavItem key={entry.to} link={entry} onNavigate={onNavigate} />
          ),
        )}
      </ul>
    </nav>
  );
}
