import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

const PICK =
  'inline-flex cursor-pointer items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-within:ring-2 focus-within:ring-blue-600/40 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

/**
 * A button that opens the phone's photo chooser, or its camera with `capture` (docs/rules.md#daily-use): the
 * chosen image file goes to `onPick`. `className` gives its height ('min-h-11', 'min-h-12' with gloves).
 */
export function PhotoPickButton({
  label,
  children,
  capture,
  className,
  onPick,
}: {
  /** The accessible name of the file input ('Escolher foto', 'Tirar foto'). */
  label: string;
  children: ReactNode;
  capture?: 'environment';
  className: string;
  onPick: (file: File | undefined) => void;
}) {
  return (
    <label className={cn(PICK, className)}>
      {children}
      <input
        type="file"
        accept="image/*"
        capture={capture}
        className="sr-only"
        aria-label={label}
        onChange={(e) => onPick(e.target.files?.[0])}
      />
    </label>
  );
}

/** The chosen photo, whole, with 'Remover foto' in its corner. `className` gives its greatest height. */
export function PhotoPreview({
  src,
  alt,
  className,
  onRemove,
}: {
  src: string;
  alt: string;
  className: string;
  onRemove: () => void;
}) {
  return (
    <div className="relative">
      <img src={src} alt={alt} className={cn('w-full rounded-md bg-slate-100 object-contain dark:bg-slate-800', className)} />
      <Button
        variant="secondary"
        size="sm"
        className="absolute top-2 right-2"
        icon={<X className="size-4" aria-hidden="true" />}
        onClick={onRemove}
      >
        Remover foto
      </Button>
    </div>
  );
}
