import { PASSKEY_NAME_MAX, type PasskeyResponse, passkeyNameForm } from '@shared/schemas/passkeys';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { passkeyQueries } from '../../../lib/api/passkeys';
import { dateTime } from '../../../lib/date-format';
import { passkeyErrorMessage } from '../../../lib/passkey-errors';
import { useBrowserValue } from '../../../lib/use-browser-value';
import { useAddPasskey, useRemovePasskey } from '../api/passkeys';
import { defaultPasskeyName } from '../lib/passkey-name';

/**
 * The Passkeys card of the Security tab (issue 41): 'Add a passkey' with a name (the browser and
 * system by default), the list (name, created, last used) and Remove with a confirmation. Adding
 * and removing ask for the password first when this session has not confirmed it lately.
 */
export function PasskeysCard() {
  const passkeys = useQuery(passkeyQueries.list());
  const supported = useBrowserValue(browserSupportsWebAuthn);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-brand-80" aria-hidden />
          Passkeys
        </CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or device PIN instead of your password. A passkey also counts as two-factor
          authentication where your organization requires it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.isPending ? (
          <Spinner label="Loading your passkeys" />
        ) : passkeys.isError ? (
          <p className="text-sm text-danger">{passkeys.error.message}</p>
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted">You have no passkeys yet.</p>
        ) : (
          <ul className="grid divide-y divide-line rounded-md border border-line" aria-label="Passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {supported === null ? null : supported ? (
          <AddPasskeyForm />
        ) : (
          <p className="text-sm text-muted">This browser cannot make passkeys.</p>
        )}
      </CardContent>
    </Card>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  const [name, setName] = useState(() => defaultPasskeyName(navigator.userAgent));
  const [error, setError] = useState<string>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameForm.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate(parsed.data.name, {
      onError: (failure) =>
        toast({ title: 'Passkey not added', description: passkeyErrorMessage(failure), variant: 'destructive' }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <FormField label="Passkey name" htmlFor="passkey-name" error={error}>
        <Input id="passkey-name" value={name} maxLength={PASSKEY_NAME_MAX} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add a passkey'}
      </Button>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyResponse }) {
  const remove = useRemovePasskey();
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Passkey removed', description: `${passkey.name} no longer signs you in.` });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Passkey not removed', description: error.message, variant: 'destructive' });
      },
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3" aria-label={passkey.name}>
      <div className="grid gap-0.5">
        <p className="font-medium">{passkey.name}</p>
        <p className="text-sm text-muted">
          Created {dateTime(passkey.createdAt, { seconds: false })} ·{' '}
          {passkey.lastUsedAt ? `Last used ${dateTime(passkey.lastUsedAt, { seconds: false })}` : 'Never used'}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${passkey.name}`}>
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this passkey?"
        description={`${passkey.name} will no longer sign you in. You can add it again later.`}
        confirmLabel={remove.isPending ? 'Removing...' : 'Remove passkey'}
        onConfirm={confirm}
        pending={remove.isPending}
      />
    </li>
  );
}
