import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';
import { Tooltip } from './tooltip';

const VARIANTS = {
  default:
    'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  danger: 'text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950',
  primary: 'text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-950',
} as const;

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: ReactNode;
  variant?: keyof typeof VARIANTS;
  loading?: boolean;
  /** Hide the tooltip (e.g. when the label is already visible next to the button). */
  noTooltip?: boolean;
}

export function IconButton({
  label,
  icon,
  variant = 'default',
  loading,
  disabled,
  noTooltip,
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  const button = (
    <button
      type={type}
      aria-label={label}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md transition-colors max-sm:size-11',
        'disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-4',
        VARIANTS[variant],
        className,
      )}
      {...rest}
    >
      {loading ? <Spinner /> : icon}
    </button>
  );
  return noTooltip ? button : <Tooltip content={label}>{button}</Tooltip>;
}
