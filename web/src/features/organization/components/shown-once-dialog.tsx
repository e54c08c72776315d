import { Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';

/** What a dialog shows once: a new SCIM token, API key or signing secret, in the words of its kind. */
export interface ShownOnce {
  title: string;
  description: string;
  /** The field's label ('Token', 'API key', 'Signing secret'). */
  label: string;
  /** The copy button's words ('Copy token'). */
  copyLabel: string;
  /** What the toast says once it is copied ('The SCIM token is on your clipboard.'). */
  copied: string;
  /** What to select and copy by hand when the clipboard refuses ('the token'). */
  what: string;
  value: string;
}

/** A secret the server answers only once, in a read-only field that selects itself, with a copy button. */
export function ShownOnceDialog({ id, shown, onClose }: { id: string; shown: ShownOnce | undefined; onClose: () => void }) {
  return (
    <Dialog open={shown !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={shown?.title ?? ''} description={shown?.description}>
        <FormField label={shown?.label ?? ''} htmlFor={id}>
          <Input
            id={id}
            readOnly
            value={shown?.value ?? ''}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
        </FormField>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(shown?.value ?? '')
                .then(() => toast({ title: 'Copied', description: shown?.copied }))
                .catch(() =>
                  toast({
                    title: 'Copy failed',
                    description: `Select ${shown?.what} and copy it yourself.`,
                    variant: 'destructive',
                  }),
                )
            }
          >
            <Copy aria-hidden />
            {shown?.copyLabel}
          </Button>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
