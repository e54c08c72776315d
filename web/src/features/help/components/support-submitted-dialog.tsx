import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonClasses } from '../../../components/ui/button';
import { dialogPanelClasses, overlayClasses } from '../../../components/ui/dialog';

const SUPPORT_SUBMITTED = "Your support request has been submitted. We'll get back to you soon!";

/**
 * The spec's "alert" after a support request, as an in-app alert dialog rather than window.alert:
 * it is announced as an alertdialog, keeps focus on its OK button, and matches the app's look.
 */
export function SupportSubmittedDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={dialogPanelClasses}>
          <div className="grid gap-1.5">
            <AlertDialog.Title className="text-lg leading-tight font-semibold">Support request sent</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-ink-2">{SUPPORT_SUBMITTED}</AlertDialog.Description>
          </div>
          <div className="flex justify-end">
            {/* Cancel, not Action: Radix puts focus on Cancel when the alert opens, and OK only closes it. */}
            <AlertDialog.Cancel className={buttonClasses()}>OK</AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
