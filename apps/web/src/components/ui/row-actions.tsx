import { Fragment, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { IconButton } from './icon-button';
import type { Column } from './table';
import { Tooltip } from './tooltip';

/**
 * What a row action does, in the one order every list shows them (docs/ui.md#row-actions):
 * view, edit, PDF, send, anything else, and the destructive one (delete, reopen) last.
 */
export const ROW_ACTION_ORDER = ['view', 'edit', 'pdf', 'send', 'other', 'delete'] as const;
export type RowActionKind = (typeof ROW_ACTION_ORDER)[number];

export interface RowAction {
  kind: RowActionKind;
  /** The accessible name, also the tooltip ('Editar OS 00042'). */
  label: string;
  icon?: ReactNode;
  onClick?: () => void;
  /** A link instead of a button (e.g. a download). */
  href?: string;
  download?: string;
  target?: '_blank';
  /** A link that shows its label as text ('Ver Anexo') instead of an icon. */
  text?: boolean;
  /** A longer hint on a text link (its `title`). */
  title?: string;
  variant?: 'default' | 'primary' | 'danger';
  loading?: boolean;
  disabled?: boolean;
}

/** Leaves out the actions a row does not offer (false, null, undefined) and puts the rest in the one order. */
export function orderRowActions(actions: readonly (RowAction | false | null | undefined)[]): RowAction[] {
  const rank = (a: RowAction) => ROW_ACTION_ORDER.indexOf(a.kind);
  // Array.prototype.sort is stable: two actions of one kind keep the order they were given in.
  return actions.filter((a): a is RowAction => !!a).sort((a, b) => rank(a) - rank(b));
}

const LINK =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 ' +
  'hover:text-slate-900 max-sm:size-11 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white [&_svg]:size-4';

/** The row's action buttons in the one order; on a phone card they wrap instead of pushing the card wider. */
export function RowActions({
  actions,
  align = 'center',
  className,
}: {
  actions: readonly (RowAction | false | null | undefined)[];
  align?: 'center' | 'end';
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-1', align === 'end' ? 'justify-end' : 'justify-center max-sm:justify-end', className)}>
      {orderRowActions(actions).map((a) => (
        <Fragment key={`${a.kind}:${a.label}`}>
          {a.href && a.text ? (
            <a
              href={a.href}
              download={a.download}
              target={a.target}
              rel={a.target ? 'noopener noreferrer' : undefined}
              title={a.title}
              className="inline-flex min-h-8 items-center whitespace-nowrap text-blue-700 hover:underline max-sm:min-h-11 dark:text-blue-300"
            >
              {a.label}
            </a>
          ) : a.href ? (
            <Tooltip content={a.label}>
              <a
                href={a.href}
                download={a.download}
                target={a.target}
                rel={a.target ? 'noopener noreferrer' : undefined}
                aria-label={a.label}
                className={LINK}
              >
                {a.icon}
              </a>
            </Tooltip>
          ) : (
            <IconButton
              label={a.label}
              icon={a.icon}
              variant={a.variant ?? (a.kind === 'delete' ? 'danger' : 'default')}
              loading={a.loading}
              disabled={a.disabled}
              onClick={a.onClick}
            />
          )}
        </Fragment>
      ))}
    </div>
  );
}

/** The 'Ações' column of a list: each row's actions through RowActions. */
export function rowActionsColumn<Row>(
  actions: (row: Row) => readonly (RowAction | false | null | undefined)[],
  options: { className?: string; align?: 'center' | 'end' } = {},
): Column<Row> {
  const align = options.align ?? 'center';
  return {
    key: 'acoes',
    header: 'Ações',
    align: align === 'end' ? 'right' : 'center',
    className: options.className,
    cell: (row) => <RowActions actions={actions(row)} align={align} />,
  };
}
