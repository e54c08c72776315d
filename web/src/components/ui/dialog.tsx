import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, useRef } from 'react';
import { cn } from '../../lib/class-names';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/** Overlay classes shared with the alert dialog. */
export const overlayClasses = 'fixed inset-0 z-50 bg-ink/50 animate-fade-in';
export const dialogPanelClasses = cn(
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
  'gap-4 overflow-y-auto rounded-lg border border-line bg-surface p-5 shadow-lg animate-fade-in sm:p-6',
);

/**
 * Where focus goes when a modal closes. Radix returns it to a Radix Trigger, but most of our modals
 * are opened from a table row's button, so this remembers what had focus as the modal opened and
 * goes back there; `returnFocus` names another target (the next row after a delete, say).
 */
export function useReturnFocus(returnFocus?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = returnFocus?.() ?? (opener.current?.isConnected ? opener.current : null);
      if (!target) return;
      event.preventDefault();
      // The page could not scroll while the modal was open, so the target is where it was: moving
      // the page now would only undo a scroll the closing action asked for (to a new row, say).
      target.focus({ preventScroll: true });
    },
  };
}

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Where focus goes on closing when not back to what opened the dialog. */
  returnFocus?: () => HTMLElement | null | undefined;
}

/** A modal with its title, optional description and a close button; Radix keeps focus inside. */
export function DialogContent({ title, description, children, className, returnFocus }: DialogContentProps) {
  const focusHandlers = useReturnFocus(returnFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        {...focusHandlers}
        className={cn(dialogPanelClasses, className)}
        // Without a description Radix must not point aria-describedby at nothing.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="grid gap-1.5 pr-8">
          <DialogPrimitive.Title className="text-lg leading-tight font-semibold">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-muted">{description}</DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-ink"
          aria-label="Close"
        >
          <X className="size-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
