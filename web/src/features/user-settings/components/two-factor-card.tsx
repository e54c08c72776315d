import type { UserResponse } from '@shared/schemas/auth';
import type { MfaSetupResponse } from '@shared/schemas/mfa';
import { Copy, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useDisableMfa, useEnableMfa, useRefreshAfterChange, useRegenerateRecoveryCodes, useStartMfaSetup } from '../api/mfa';

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.fieldErrors?.[field] ?? error.message) : undefined;

/**
 * Two-factor sign-in in the Security tab: set up from the QR code (or the secret as text), turn on
 * with a code, then the recovery codes shown once (copy or download); turn off with the password and a code.
 */
export function TwoFactorCard({ user }: { user: UserResponse }) {
  const [setup, setSetup] = useState<MfaSetupResponse>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const start = useStartMfaSetup();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Two-factor authentication
          <Badge>{user.mfaEnabled || recoveryCodes ? 'On' : 'Off'}</Badge>
        </CardTitle>
        <CardDescription>
          Signing in asks for a code from an authenticator app on your phone as well as your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {user.mfaSetupRequired && !setup && !recoveryCodes ? (
          <p role="alert" className="rounded-md border border-danger-20 bg-danger-10 p-3 text-sm text-danger">
            Your organization requires two-factor authentication. Set it up to continue.
          </p>
        ) : null}
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />
        ) : setup ? (
          <EnableForm
            setup={setup}
            onEnabled={(codes) => {
              setSetup(undefined);
              setRecoveryCodes(codes);
            }}
            onCancel={() => setSetup(undefined)}
          />
        ) : user.mfaEnabled ? (
          <>
            <NewRecoveryCodes onMade={setRecoveryCodes} />
            <DisableForm />
          </>
        ) : (
          <div>
            <Button
              // Unavailable, not disabled, while it waits: it keeps focus through the 'Confirm it's you' dialog.
              unavailable={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onSuccess: setSetup,
                  onError: (error) => toast({ title: 'Setup failed', description: error.message, variant: 'destructive' }),
                })
              }
            >
              {start.isPending ? 'Starting...' : 'Set up two-factor authentication'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function EnableForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: MfaSetupResponse;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableMfa();
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        enable.mutate(code, { onSuccess: (answer) => onEnabled(answer.recoveryCodes) });
      }}
    >
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>Scan this QR code with your authenticator app (or enter the key below).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={setup.qrCode}
        alt="QR code to add your account to an authenticator app"
        width={200}
        height={200}
        className="rounded-md border border-border"
      />
      <div className="grid gap-2 text-sm">
        <span className="font-medium" id="mfa-secret-label">
          Setup key
        </span>
        {/* Groups of four to read and type, drawn apart by spacing only: copying takes the key unbroken. */}
        <code
          data-testid="mfa-secret"
          aria-labelledby="mfa-secret-label"
          className="flex flex-wrap gap-x-2 rounded bg-neutral-10 px-2 py-1 font-mono"
        >
          {keyGroups(setup.secret).map((group, index) => (
            <span key={index}>{group}</span>
          ))}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(setup.secret)
                .then(() => toast({ title: 'Copied', description: 'The setup key is on your clipboard.' }))
                .catch(() =>
                  toast({ title: 'Copy failed', description: 'Select the key and copy it yourself.', variant: 'destructive' }),
                )
            }
          >
            <Copy aria-hidden />
            Copy key
          </Button>
          {/* On a phone this opens the authenticator app with the account filled in: no second device needed. */}
          <a href={setup.otpauthUrl} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Smartphone aria-hidden />
            Open in authenticator app
          </a>
        </div>
      </div>
      <FormField label="Authentication code" htmlFor="mfa-enable-code" error={fieldError(enable.error, 'code')}>
        <Input
          id="mfa-enable-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Verifying...' : 'Turn on'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The setup key in groups of four characters, as authenticator apps show keys. */
export const keyGroups = (secret: string) => secret.match(/.{1,4}/g) ?? [];

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const refresh = useRefreshAfterChange();
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'growthwise-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm">
        Two-factor authentication is on. Save these recovery codes somewhere safe: each signs you in once if you lose your phone.
        They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' }))
          }
        >
          Copy
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Download
        </Button>
        <Button type="button" onClick={() => void refresh().then(onDone)}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

/** Recovery codes are stored as hashes: lost ones are replaced, not shown again. */
function NewRecoveryCodes({ onMade }: { onMade: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <div className="grid gap-2 border-b border-line pb-4">
      <p className="text-sm text-muted">
        Lost your recovery codes, or used most of them? Get new ones: the old codes stop working.
      </p>
      <div>
        <Button
          type="button"
          variant="outline"
          unavailable={regenerate.isPending}
          onClick={() =>
            regenerate.mutate(undefined, {
              onSuccess: (answer) => onMade(answer.recoveryCodes),
              onError: (error) =>
                toast({ title: 'New recovery codes failed', description: error.message, variant: 'destructive' }),
            })
          }
        >
          {regenerate.isPending ? 'Making new codes...' : 'Get new recovery codes'}
        </Button>
      </div>
    </div>
  );
}

function DisableForm() {
  const disable = useDisableMfa();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        disable.mutate(
          { password, code },
          {
            onSuccess: () =>
              toast({
                title: 'Two-factor authentication turned off',
                description: 'Signing in asks only for your password now.',
              }),
            onError: (error) => toast({ title: 'Disable failed', description: error.message, variant: 'destructive' }),
          },
        );
      }}
    >
      <p className="text-sm text-muted">To turn it off, confirm your password and a current code.</p>
      <FormField
        label="Password"
        htmlFor="mfa-disable-password"
        error={disable.error instanceof ApiError ? disable.error.fieldErrors?.password : undefined}
      >
        <Input
          id="mfa-disable-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <FormField
        label="Authentication code"
        htmlFor="mfa-disable-code"
        error={disable.error instanceof ApiError ? disable.error.fieldErrors?.code : undefined}
      >
        <Input
          id="mfa-disable-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off...' : 'Disable'}
        </Button>
      </div>
    </form>
  );
}
