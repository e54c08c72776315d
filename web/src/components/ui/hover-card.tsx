import * as HoverCardPrimitive from '@radix-ui/react-hover-card';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/class-names';

/** Spec section 9: opens after 700 ms, closes after 300 ms. */
export function HoverCard({ openDelay = 700, closeDelay = 300, ...props }: ComponentProps<typeof HoverCardPrimitive.Root>) {
  return <HoverCardPrimitive.Root openDelay={openDelay} closeDelay={closeDelay} {...props} />;
}

export const HoverCardTrigger = HoverCardPrimitive.Trigger;

export function HoverCardContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof HoverCardPrimitive.Content>) {
  return (
    <HoverCardPrimitive.Portal>
      <HoverCardPrimitive.Content
        sideOffset={sideOffset}
        className={cn('z-50 w-64 rounded-md border border-line bg-surface p-4 text-ink shadow-md animate-fade-in', className)}
        {...props}
      />
    </HoverCardPrimitive.Portal>
  );
}
