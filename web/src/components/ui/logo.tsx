import { PRODUCT_NAME } from '@shared/product';
import { cn } from '../../lib/class-names';

/** The Growthwise mark: a rising line in a rounded tile (the favicon is the same drawing). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-80" />
      <path d="M8 22l6-7 4 4 6-9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="24" cy="10" r="2.2" fill="#fff" />
    </svg>
  );
}

/** The mark and the product name; the name is the accessible text of any link around it. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight text-ink', className)}>
      <LogoMark className={markClassName} />
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}
