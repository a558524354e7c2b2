import { REQUEST_MSG } from '@os/shared';
import { MessageSquarePlus } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';

const LINK =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800 sm:min-h-9';
const ACTIVE = 'bg-white text-blue-800 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-blue-200 dark:ring-slate-700';

/** The client's area sections, phone first (docs/screens.md#portal). */
export function PortalNav() {
  return (
    <nav aria-label="Área do Cliente" className="mb-4 flex flex-wrap items-center gap-1">
      <NavLink to="/portal" end className={({ isActive }) => cn(LINK, isActive && ACTIVE)}>
        Ordens
      </NavLink>
      <NavLink to="/portal/equipamentos" className={({ isActive }) => cn(LINK, isActive && ACTIVE)}>
        Equipamentos
      </NavLink>
      <NavLink to="/portal/solicitacoes" className={({ isActive }) => cn(LINK, isActive && ACTIVE)}>
        Solicitações
      </NavLink>
      <NavLink to="/portal/orcamentos" className={({ isActive }) => cn(LINK, isActive && ACTIVE)}>
        Orçamentos
      </NavLink>
      <NavLink to="/portal/cobrancas" className={({ isActive }) => cn(LINK, isActive && ACTIVE)}>
        Cobranças
      </NavLink>
      <NavLink
        to="/portal/solicitar"
        className="ml-auto inline-flex min-h-11 items-center gap-1.5 rounded-md bg-blue-700 px-3 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 sm:min-h-9 dark:bg-blue-600 dark:hover:bg-blue-500"
      >
        <MessageSquarePlus className="size-4" aria-hidden="true" />
        {REQUEST_MSG.portalTitle}
      </NavLink>
    </nav>
  );
}
