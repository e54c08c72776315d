import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/class-names';

/** Shared by Input, Textarea and the Select trigger so every field looks alike. */
export const fieldClasses = cn(
  'w-full rounded-md border border-line-strong bg-surface px-3 text-base text-ink shadow-xs sm:text-sm',
  'placeholder:text-muted focus-visible:border-brand-80 focus-visible:outline-2 focus-visible:outline-offset-0',
  'disabled:cursor-not-allowed disabled:bg-surface-3 disabled:text-muted',
  'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger',
);

/**
 * Text fields only: CSS's :read-only matches every element that cannot be typed into, buttons
 * included, so on the Select trigger it painted every dropdown in the read-only grey.
 */
export const textFieldClasses = cn(fieldClasses, 'read-only:bg-surface-3');

export function Input({
  className,
  type = 'text',
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input type={type} className={cn(textFieldClasses, 'h-10', className)} {...props} />;
}
