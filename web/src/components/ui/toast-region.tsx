import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/class-names';
import { toastStore } from './toast-store';

/**
 * Radix Toast with spec section 9's constants: 5000 ms, swipe right past 50 px to dismiss,
 * F8 (the Viewport's default hotkey) moves focus to the notifications region.
 */
export function ToastRegion() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          // A failure interrupts the screen reader; a success waits its turn.
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) toastStore.dismiss(item.id);
          }}
          data-variant={item.variant}
          data-toast-id={item.id}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg animate-slide-in',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            item.variant === 'destructive' ? 'border-danger bg-danger text-white' : 'border-line bg-surface text-ink',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className={cn('text-sm', item.variant === 'destructive' ? 'text-white' : 'text-ink-2')}>
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className={cn(
              'absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md',
              item.variant === 'destructive'
                ? 'text-white hover:bg-white/15 focus-visible:outline-white'
                : 'text-muted hover:bg-surface-3 hover:text-ink',
            )}
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
