import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';
import { dialogPanelClasses, overlayClasses, useReturnFocus } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Runs the action. The dialog stays open (so a pending state can show) until the caller closes it. */
  onConfirm: () => void;
  pending?: boolean;
  /** Where focus goes on closing when not back to what opened the dialog (the next row after a delete). */
  returnFocus?: () => HTMLElement | null | undefined;
}

/** A destructive confirmation ("Are you sure?"): focus starts on Cancel, Escape cancels. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  returnFocus,
}: ConfirmDialogProps) {
  const focusHandlers = useReturnFocus(returnFocus);
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <AlertDialogPrimitive.Content {...focusHandlers} className={dialogPanelClasses}>
          <div className="grid gap-1.5">
            <AlertDialogPrimitive.Title className="text-lg leading-tight font-semibold">{title}</AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-muted">{description}</AlertDialogPrimitive.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonClasses({ variant: 'outline' })} disabled={pending}>
              {cancelLabel}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={buttonClasses({ variant: 'destructive' })}
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={(event) => {
                // Radix would close at once; the caller closes when the action has finished.
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
