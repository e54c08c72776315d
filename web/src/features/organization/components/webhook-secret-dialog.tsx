import { Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';

/** A signing secret, shown this once (after creating an endpoint or rotating its secret), with a copy button. */
export function WebhookSecretDialog({
  shown,
  onClose,
}: {
  shown: { title: string; description: string; secret: string } | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={shown !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={shown?.title ?? 'Signing secret'} description={shown?.description}>
        <FormField label="Signing secret" htmlFor="webhook-secret-value">
          <Input
            id="webhook-secret-value"
            readOnly
            value={shown?.secret ?? ''}
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
                ?.writeText(shown?.secret ?? '')
                .then(() => toast({ title: 'Copied', description: 'The signing secret is on your clipboard.' }))
                .catch(() =>
                  toast({ title: 'Copy failed', description: 'Select the secret and copy it yourself.', variant: 'destructive' }),
                )
            }
          >
            <Copy aria-hidden />
            Copy secret
          </Button>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
