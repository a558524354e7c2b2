import { Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/** A list's search box: the magnifier inside, named for screen readers by its placeholder unless told. */
export function SearchInput({
  value,
  onChange,
  placeholder,
  label = placeholder,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label?: string;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-8"
      />
    </div>
  );
}
