import type { ReactNode } from 'react';
import { cn } from '../../lib/class-names';

export type BadgeTone = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-3 text-ink-2 border-line',
  brand: 'bg-brand-10 text-brand-90 border-brand-20',
  info: 'bg-info-10 text-info border-[hsl(220,95%,85%)]',
  success: 'bg-success-10 text-success border-[hsl(130,44%,80%)]',
  warning: 'bg-warning-10 text-warning border-[hsl(30,75%,80%)]',
  danger: 'bg-danger-10 text-danger border-danger-20',
};

export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
