import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn';
import { clampPage, PAGE_JUMP, pageCountOf, pageList } from './page-list';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  totalItems: number;
  /** Given by the screen (docs/rules.md#constants: clients use 7). */
  pageSize: number;
  onPageChange: (page: number) => void;
  className?: string;
}

const ITEM =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm tabular-nums max-sm:h-11 max-sm:min-w-11 ' +
  'text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent ' +
  'dark:text-slate-200 dark:hover:bg-slate-800';

function NavButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" className={ITEM} aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

/** Previous/next, -10/+10 jumps, first/last, numbered pages with ellipses (docs/screens.md#clientes). Hidden when one page is all there is. */
export function Pagination({ page, totalItems, pageSize, onPageChange, className }: PaginationProps) {
  const pageCount = pageCountOf(totalItems, pageSize);
  if (pageCount <= 1) return null;
  const current = clampPage(page, pageCount);
  const go = (target: number) => onPageChange(clampPage(target, pageCount));
  const atStart = current === 1;
  const atEnd = current === pageCount;

  return (
    <nav aria-label="Paginação" className={cn('flex flex-wrap items-center justify-center gap-1', className)}>
      <NavButton label="Primeira página" onClick={() => go(1)} disabled={atStart}>
        <ChevronsLeft className="size-4" aria-hidden="true" />
      </NavButton>
      <NavButton label={`Voltar ${PAGE_JUMP} páginas`} onClick={() => go(current - PAGE_JUMP)} disabled={atStart}>
        -{PAGE_JUMP}
      </NavButton>
      <NavButton label="Página anterior" onClick={() => go(current - 1)} disabled={atStart}>
        <ChevronLeft className="size-4" aria-hidden="true" />
      </NavButton>
      {pageList(current, pageCount).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            aria-label={`Página ${item}`}
            aria-current={item === current ? 'page' : undefined}
            onClick={() => go(item)}
            className={cn(
              ITEM,
              item === current && 'bg-blue-700 font-semibold text-white hover:bg-blue-700 dark:bg-blue-600 dark:text-white',
            )}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="px-1 text-slate-500 dark:text-slate-400" aria-hidden="true">
            …
          </span>
        ),
      )}
      <NavButton label="Próxima página" onClick={() => go(current + 1)} disabled={atEnd}>
        <ChevronRight className="size-4" aria-hidden="true" />
      </NavButton>
      <NavButton label={`Avançar ${PAGE_JUMP} páginas`} onClick={() => go(current + PAGE_JUMP)} disabled={atEnd}>
        +{PAGE_JUMP}
      </NavButton>
      <NavButton label="Última página" onClick={() => go(pageCount)} disabled={atEnd}>
        <ChevronsRight className="size-4" aria-hidden="true" />
      </NavButton>
    </nav>
  );
}

/**
 * A paged list's page, from 1 (`setPage(1)` on a new filter), the offset of its first row, and what its
 * Pagination takes of it: `<Pagination totalItems={total} {...pagination} />`.
 */
export function usePage(pageSize: number) {
  const [page, setPage] = useState(1);
  return { page, setPage, offset: (page - 1) * pageSize, pagination: { page, pageSize, onPageChange: setPage } };
}
