import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';

type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
type ButtonSize = 'sm' | 'md' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-80 text-white shadow-sm hover:bg-brand-90 active:bg-brand-100',
  secondary: 'bg-brand-10 text-brand-90 hover:bg-brand-20',
  outline: 'border border-line-strong bg-surface text-ink hover:bg-surface-3',
  ghost: 'text-ink-2 hover:bg-surface-3 hover:text-ink',
  destructive: 'bg-danger text-white shadow-sm hover:bg-[hsl(0,100%,20%)]',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  icon: 'size-10 shrink-0',
};

/** The classes of a button, for a link that must look like one (a <Link> to /auth, say). */
export const buttonClasses = ({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) =>
  cn(
    'inline-flex items-center justify-center rounded-md font-medium whitespace-nowrap no-underline transition-colors select-none',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    // Links styled as buttons keep the button's text colour over the global link colour. A filled
    // button's focus ring is dark: the brand ring of every other control would read as the button's edge.
    variant === 'primary' || variant === 'destructive' ? 'hover:text-white focus-visible:outline-ink' : '',
    sizes[size],
    className,
  );

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: React.Ref<HTMLButtonElement>;
  /**
   * Unavailable but still focusable (aria-disabled): for a button that is pressed and then waits or
   * has nothing left to do. A `disabled` button drops focus to the page, and a keyboard user with it.
   */
  unavailable?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  unavailable = false,
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className: cn(unavailable && 'cursor-not-allowed opacity-60', className) })}
      aria-disabled={unavailable || undefined}
      onClick={unavailable ? (event) => event.preventDefault() : onClick}
      {...props}
    />
  );
}
