import { cn } from '../../../lib/cn';

/** A photo of a visit's description, loaded when scrolled to, named after the description for screen readers. */
export function ServicePhoto({ src, descricao, className }: { src: string; descricao: string; className?: string }) {
  return <img src={src} alt={`Foto: ${descricao}`} loading="lazy" className={cn('w-full rounded object-contain', className)} />;
}
