import { cn } from '../../lib/class-names';

/** A busy indicator announced to screen readers as `label`. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted', className)}>
      <span aria-hidden className="size-6 animate-spin rounded-full border-[3px] border-brand-20 border-t-brand-80" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
