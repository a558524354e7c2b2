import { Upload } from 'lucide-react';
import { type DragEvent, type ReactNode, useId, useState } from 'react';
import { cn } from '../../../lib/cn';

export interface FileDropZoneProps {
  accept: string;
  /** What the zone says, e.g. 'Arraste um PDF aqui ou clique para escolher'. */
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/** Drag-and-drop or click to choose one file (docs/screens.md#other-screens); a real file input underneath for keyboards and phones. */
export function FileDropZone({ accept, label, hint, disabled, onFile }: FileDropZoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <label
      htmlFor={id}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
        'border-slate-300 bg-white text-slate-600 hover:border-blue-500 hover:bg-blue-50/50',
        'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300 dark:hover:border-blue-400 dark:hover:bg-slate-800',
        'focus-within:ring-2 focus-within:ring-blue-600/40',
        dragging && 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-slate-800',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <Upload className="size-8 text-blue-700 dark:text-blue-300" aria-hidden="true" />
      <span className="font-medium">{label}</span>
      {hint && <span className="text-xs text-slate-500 dark:text-slate-400">{hint}</span>}
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = ''; // the same file may be chosen again
        }}
      />
    </label>
  );
}
