import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * Hides a table column on narrow screens: 'md' = 640-767 px, 'lg' = 640-1023 px. Under 640 px the rows
 * are cards showing every column (docs/rules.md#daily-use), so 'sm' hides nothing there.
 */
const HIDE_BELOW = { sm: '', md: 'sm:max-md:hidden', lg: 'sm:max-lg:hidden' } as const;

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers are right-aligned in tabular figures (docs/ui.md). */
  align?: 'left' | 'right' | 'center';
  hideBelow?: keyof typeof HIDE_BELOW;
  className?: string;
  /** The column's name on a phone card, when `header` is not a plain text. */
  label?: string;
}

export interface TableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Shown in one full-width row when there are no rows. */
  empty?: ReactNode;
  caption?: string;
  /** Limits the height so the header sticks while the body scrolls; default: the page scrolls. */
  maxHeight?: string;
  className?: string;
}

/**
 * A table row that is a card under 640 px (docs/rules.md#daily-use): for the hand-made tables of a screen
 * (with PHONE_CARD_CELL on its cells, `max-sm:block` on the table and tbody, `max-sm:sr-only` on the thead).
 */
export const PHONE_CARD_ROW =
  'border-b border-slate-100 last:border-0 max-sm:block max-sm:border-slate-200 max-sm:py-2 dark:border-slate-800 max-sm:dark:border-slate-700';

/** A cell of a PHONE_CARD_ROW: one 'COLUMN value' line under 640 px, the column's name from its `data-label`. */
export const PHONE_CARD_CELL = cn(
  'max-sm:flex max-sm:w-auto max-sm:min-w-0 max-sm:items-start max-sm:justify-between max-sm:gap-3 max-sm:py-1 max-sm:text-right max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]',
  'max-sm:before:shrink-0 max-sm:before:pt-0.5 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400',
);

const ALIGN = { left: 'text-left', right: 'text-right tabular-nums', center: 'text-center' } as const;

/**
 * A scroll box whose content overflows (a wide table on a phone) becomes a named region with a tab stop, so
 * that it can be scrolled with the keyboard (WCAG 2.1.1; axe scrollable-region-focusable). One that fits adds
 * no tab stop. Spread the answer on the scroll box.
 */
export function useScrollableFocus<T extends HTMLElement>(label?: string) {
  const ref = useRef<T>(null);
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const update = () => setScrollable(box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight);
    const observer = new ResizeObserver(update);
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    update();
    return () => observer.disconnect();
  }, []);
  return { ref, ...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {}) };
}

/** A box that scrolls its wide content sideways, reachable by keyboard when it overflows. */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const scroll = useScrollableFocus<HTMLDivElement>(label);
  return (
    <div {...scroll} className={cn('overflow-x-auto', className)}>
      {children}
    </div>
  );
}

/**
 * The frame every table is built on: a bordered box that scrolls (a tab stop when it overflows), the caption
 * for screen readers, the header row (kept for screen readers under 640 px, where rows become cards) and the
 * body. `Table` fills it from columns; a screen with its own rows (the agenda board) gives `head` and `children`.
 */
export function TableFrame({
  caption,
  head,
  children,
  maxHeight,
  className,
}: {
  caption?: string;
  /** The header cells (`<th scope="col">`). */
  head: ReactNode;
  /** The body rows. */
  children: ReactNode;
  maxHeight?: string;
  className?: string;
}) {
  const scroll = useScrollableFocus<HTMLDivElement>(caption);
  return (
    <div
      {...scroll}
      className={cn(
        'overflow-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
        className,
      )}
      style={maxHeight ? { maxHeight } : undefined}
    >
      {/* Under 640 px each row is a card (docs/rules.md#daily-use); the header row stays for screen readers. */}
      <table className="w-full border-collapse text-sm max-sm:block">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="max-sm:sr-only">
          <tr>{head}</tr>
        </thead>
        <tbody className="max-sm:block">{children}</tbody>
      </table>
    </div>
  );
}

export function Table<Row>({ columns, rows, rowKey, empty, caption, maxHeight, className }: TableProps<Row>) {
  const head = columns.map((column) => (
    <th
      key={column.key}
      scope="col"
      className={cn(
        'sticky top-0 z-10 border-b border-slate-200 bg-slate-100 px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase',
        'dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300',
        ALIGN[column.align ?? 'left'],
        column.hideBelow && HIDE_BELOW[column.hideBelow],
        column.className,
      )}
    >
      {column.header}
    </th>
  ));
  return (
    <TableFrame caption={caption} head={head} maxHeight={maxHeight} className={className}>
      {rows.length === 0 ? (
        <tr className="max-sm:block">
          <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-500 max-sm:block dark:text-slate-400">
            {empty}
          </td>
        </tr>
      ) : (
        rows.map((row) => (
          <tr key={rowKey(row)} className={cn(PHONE_CARD_ROW, 'hover:bg-slate-50 dark:hover:bg-slate-800/60')}>
            {columns.map((column) => (
              <td
                key={column.key}
                // The column's name shows before the value on a phone card (a CSS label, not part of the cell's text).
                data-label={column.label ?? (typeof column.header === 'string' ? column.header : '')}
                className={cn(
                  'px-3 py-2 align-middle',
                  ALIGN[column.align ?? 'left'],
                  column.hideBelow && HIDE_BELOW[column.hideBelow],
                  column.className,
                  PHONE_CARD_CELL,
                )}
              >
                <div className="min-w-0 [overflow-wrap:anywhere] max-sm:flex max-sm:flex-wrap max-sm:justify-end sm:contents">
                  {column.cell(row)}
                </div>
              </td>
            ))}
          </tr>
        ))
      )}
    </TableFrame>
  );
}
